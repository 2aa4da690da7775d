/**
 * Where a tournament's branding is kept (tables `brandings` and `branding_images`): the
 * embedded SQLite database by default, PostgreSQL with RIFFLE_DATABASE_URL, where the tournament
 * rows are (the branding's foreign key), so the host that takes a tournament over has its
 * branding. The routes (server/routes/branding.ts) await every answer: on SQLite it is a value
 * already there.
 */
import type { Db } from '../../db/client.js';
import type { PgDb } from '../host/pg/pg-db.js';
import { SharedPool } from '../host/pg/pg-query.js';
import type { Awaitable } from '../auth/auth-store.js';
import type { BrandingSlot, BrandingView } from '../protocol/branding.js';

export type BrandingColors = BrandingView['colors'];

export interface BrandingImage {
  hash: string;
  mime: string;
  data: Buffer;
}

export interface NewBrandingImage extends BrandingImage {
  width: number;
  height: number;
}

export interface BrandingStore {
  colors(tournament: string): Awaitable<BrandingColors>;
  /** The slots that have an image, with the image's hash. */
  images(tournament: string): Awaitable<Array<{ slot: BrandingSlot; hash: string }>>;
  image(tournament: string, slot: string): Awaitable<BrandingImage | undefined>;
  setColors(tournament: string, colors: BrandingColors, at: number): Awaitable<void>;
  putImage(tournament: string, slot: BrandingSlot, image: NewBrandingImage, at: number): Awaitable<void>;
  deleteImage(tournament: string, slot: BrandingSlot): Awaitable<void>;
}

const SET_COLORS = 'INSERT INTO brandings (tournament_id, colors, updated_at) VALUES ($1, $2, $3) ON CONFLICT (tournament_id) DO UPDATE SET colors = excluded.colors, updated_at = excluded.updated_at';
const PUT_IMAGE = `INSERT INTO branding_images (tournament_id, slot, hash, mime, width, height, data, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
  ON CONFLICT (tournament_id, slot) DO UPDATE SET hash = excluded.hash, mime = excluded.mime, width = excluded.width, height = excluded.height, data = excluded.data, updated_at = excluded.updated_at`;
const COLORS = 'SELECT colors FROM brandings WHERE tournament_id = $1';
const IMAGES = 'SELECT slot, hash FROM branding_images WHERE tournament_id = $1';
const IMAGE = 'SELECT hash, mime, data FROM branding_images WHERE tournament_id = $1 AND slot = $2';
const DELETE_IMAGE = 'DELETE FROM branding_images WHERE tournament_id = $1 AND slot = $2';

/** The statements above, written once for both, with SQLite's `?` (each parameter is used once, in order). */
const sqlite = (sql: string) => sql.replace(/\$\d+/g, '?');
const LITE = { colors: sqlite(COLORS), images: sqlite(IMAGES), image: sqlite(IMAGE), setColors: sqlite(SET_COLORS), putImage: sqlite(PUT_IMAGE), deleteImage: sqlite(DELETE_IMAGE) };

function parseColors(row: { colors: string } | undefined): BrandingColors {
  return row ? (JSON.parse(row.colors) as BrandingColors) : {};
}

/** The embedded database; `connection` is the server's as it is now (reopen.ts replaces it). */
export class SqliteBrandingStore implements BrandingStore {
  constructor(private readonly connection: () => Db) {}

  private get sql() {
    return this.connection().$client;
  }

  colors(tournament: string): BrandingColors {
    return parseColors(this.sql.prepare(LITE.colors).get(tournament) as { colors: string } | undefined);
  }

  images(tournament: string): Array<{ slot: BrandingSlot; hash: string }> {
    return this.sql.prepare(LITE.images).all(tournament) as Array<{ slot: BrandingSlot; hash: string }>;
  }

  image(tournament: string, slot: string): BrandingImage | undefined {
    return this.sql.prepare(LITE.image).get(tournament, slot) as BrandingImage | undefined;
  }

  setColors(tournament: string, colors: BrandingColors, at: number): void {
    this.sql.prepare(LITE.setColors).run(tournament, JSON.stringify(colors), at);
  }

  putImage(tournament: string, slot: BrandingSlot, image: NewBrandingImage, at: number): void {
    this.sql.prepare(LITE.putImage).run(tournament, slot, image.hash, image.mime, image.width, image.height, image.data, at);
  }

  deleteImage(tournament: string, slot: BrandingSlot): void {
    this.sql.prepare(LITE.deleteImage).run(tournament, slot);
  }
}

/** PostgreSQL's pool, once it answered (host/pg/start.ts); before that, storage-unavailable. */
export class PgBrandingStore implements BrandingStore {
  private readonly pool: SharedPool;

  constructor(opened: Promise<PgDb>) {
    this.pool = new SharedPool(opened);
  }

  async colors(tournament: string): Promise<BrandingColors> {
    return parseColors((await this.pool.query<{ colors: string }>(COLORS, [tournament])).rows[0]);
  }

  async images(tournament: string): Promise<Array<{ slot: BrandingSlot; hash: string }>> {
    return (await this.pool.query<{ slot: BrandingSlot; hash: string }>(IMAGES, [tournament])).rows;
  }

  async image(tournament: string, slot: string): Promise<BrandingImage | undefined> {
    return (await this.pool.query<BrandingImage>(IMAGE, [tournament, slot])).rows[0];
  }

  async setColors(tournament: string, colors: BrandingColors, at: number): Promise<void> {
    await this.pool.query(SET_COLORS, [tournament, JSON.stringify(colors), at]);
  }

  async putImage(tournament: string, slot: BrandingSlot, image: NewBrandingImage, at: number): Promise<void> {
    await this.pool.query(PUT_IMAGE, [tournament, slot, image.hash, image.mime, image.width, image.height, image.data, at]);
  }

  async deleteImage(tournament: string, slot: BrandingSlot): Promise<void> {
    await this.pool.query(DELETE_IMAGE, [tournament, slot]);
  }
}
