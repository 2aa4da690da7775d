/**
 * The venue's players (issue 27): records in the `players` table (db/schema.ts), the search
 * index kept beside them (./search.ts), merges (./merge.ts) and erasure. Synchronous, as
 * better-sqlite3 is: each change is one transaction, and the index changes after its commit.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import type { Db } from '../../db/client.js';
import type { TimeSource } from '../time.js';
import { foldName } from '../protocol/fold.js';
import { PLAYER_MATCHES_MAX, type PlayerCard, type PlayerRecord } from '../protocol/players.js';
import type { CheckedInput } from './input.js';
import { canonicalPlayerId } from './merge.js';
import { PlayerIndex, searchBudget } from './search.js';
import { IndexLoader } from './index-loader.js';
import type { WorkBudget } from './work-budget.js';
import { inSlices } from './sliced.js';

export interface PlayerRow {
  id: string;
  name: string;
  nickname: string | null;
  country: string | null;
  email: string | null;
  phone: string | null;
  notes: string | null;
  photoHash: string | null;
  createdAt: number;
  updatedAt: number;
  erasedAt: number | null;
}

const COLUMNS = 'id, name, nickname, country, email, phone, notes, photo_hash AS photoHash, created_at AS createdAt, updated_at AS updatedAt, erased_at AS erasedAt';
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** `p_` and 10 base-32 characters (50 bits): never a tournament's `p<n>`, and not guessed. */
export function newPlayerId(): string {
  const bytes = randomBytes(10);
  let out = 'p_';
  for (const b of bytes) out += BASE32[b & 31];
  return out;
}

export function photoUrl(row: { id: string; photoHash: string | null }): string | undefined {
  return row.photoHash ? `/api/players/${row.id}/photo?v=${row.photoHash}` : undefined;
}

export function cardOf(row: PlayerRow): PlayerCard {
  const photo = photoUrl(row);
  return { id: row.id, name: row.name, ...(row.nickname ? { nickname: row.nickname } : {}), ...(row.country ? { country: row.country } : {}), ...(photo ? { photo } : {}) };
}

export function recordOf(row: PlayerRow): PlayerRecord {
  return {
    ...cardOf(row),
    ...(row.email ? { email: row.email } : {}),
    ...(row.phone ? { phone: row.phone } : {}),
    ...(row.notes ? { notes: row.notes } : {}),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

const folded = (name: string, nickname: string | null | undefined) => foldName(`${name} ${nickname ?? ''}`);

export class PlayerStore {
  readonly index = new PlayerIndex();
  /** Fills the index in slices once the server answers (./index-loader.ts), then it is kept. */
  readonly loader: IndexLoader;

  constructor(
    readonly db: Db,
    private readonly time: TimeSource,
  ) {
    this.loader = new IndexLoader(this.sql, this.index);
  }

  private get sql() {
    return this.db.$client;
  }

  /** A record (a merged id answers with the record it is now); erased ones are not found. */
  get(id: string): PlayerRow | undefined {
    const row = this.sql.prepare(`SELECT ${COLUMNS} FROM players WHERE id = ?`).get(canonicalPlayerId(this.db, id)) as PlayerRow | undefined;
    return row && row.erasedAt === null ? row : undefined;
  }

  /** Whether `id` names an erased record (through a merge too). */
  erased(id: string): boolean {
    const row = this.sql.prepare('SELECT erased_at AS erasedAt FROM players WHERE id = ?').get(canonicalPlayerId(this.db, id)) as { erasedAt: number | null } | undefined;
    return row?.erasedAt != null;
  }

  private byId: ReturnType<Database['prepare']> | null = null;

  /** The best matches within `budget`; `partial` when it ran out or the index is still being filled. */
  search(query: string, limit = PLAYER_MATCHES_MAX, budget: WorkBudget = searchBudget()): { rows: PlayerRow[]; more: boolean; partial: boolean } {
    const { ids, more, partial } = this.index.search(query, limit, budget);
    const read = (this.byId ??= this.sql.prepare(`SELECT ${COLUMNS} FROM players WHERE id = ?`));
    return { rows: ids.map((id) => read.get(id) as PlayerRow).filter(Boolean), more, partial: partial || !this.loader.ready };
  }

  /** A page of records in name order (the export, the TD's list). */
  page(after: string | null, limit: number): PlayerRow[] {
    // Two statements: an `(? IS NULL OR id > ?)` made SQLite sort the whole table for each page.
    if (after === null) return this.sql.prepare(`SELECT ${COLUMNS} FROM players WHERE erased_at IS NULL ORDER BY id LIMIT ?`).all(limit) as PlayerRow[];
    return this.sql.prepare(`SELECT ${COLUMNS} FROM players WHERE id > ? AND erased_at IS NULL ORDER BY id LIMIT ?`).all(after, limit) as PlayerRow[];
  }

  create(input: CheckedInput & { name: string }): PlayerRow {
    return this.createMany([input])[0]!;
  }

  /** New records in one transaction. */
  createMany(inputs: readonly (CheckedInput & { name: string })[]): PlayerRow[] {
    const made = this.sql.transaction(() => this.insertRows(inputs, this.time.now()))();
    const rows = made.map((r) => this.get(r.id)!);
    for (const r of rows) this.index.put(r);
    return rows;
  }

  /** The inserts, inside the caller's transaction; what the index needs of each. */
  private insertRows(inputs: readonly (CheckedInput & { name: string })[], now: number): { id: string; name: string; nickname: string | null }[] {
    const insert = this.sql.prepare(
      'INSERT INTO players (id, name, folded, nickname, country, email, phone, notes, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    return inputs.map((input) => {
      const id = newPlayerId();
      insert.run(id, input.name, folded(input.name, input.nickname), input.nickname ?? null, input.country ?? null, input.email ?? null, input.phone ?? null, input.notes ?? null, now, now);
      return { id, name: input.name, nickname: input.nickname ?? null };
    });
  }

  /**
   * An import's new records and changes in one transaction (all or nothing), the rows made from
   * what was written rather than read back, then put into the search index in slices (5,000
   * rows' words into a venue of 100,000 took the event loop for seconds in one go). Answers
   * once the index has them all, so a search after the answer finds them.
   */
  async importRows(creates: readonly (CheckedInput & { name: string })[], changes: readonly { id: string; input: CheckedInput }[]): Promise<{ created: number; updated: number }> {
    const now = this.time.now();
    const made = this.sql.transaction(() => {
      const rows = this.insertRows(creates, now);
      return { rows, changed: this.changeRows(changes, now) };
    })();
    const changed = made.changed.filter((r): r is PlayerRow => r !== undefined);
    await inSlices([...made.rows, ...changed], (r) => this.index.put(r));
    return { created: made.rows.length, updated: changed.length };
  }

  /** Changes the fields given (null clears one); undefined when there is no such record. */
  update(id: string, input: CheckedInput): PlayerRow | undefined {
    return this.updateMany([{ id, input }])[0];
  }

  updateMany(changes: readonly { id: string; input: CheckedInput }[]): (PlayerRow | undefined)[] {
    const rows = this.sql.transaction(() => this.changeRows(changes, this.time.now()))();
    for (const r of rows) if (r) this.index.put(r);
    return rows;
  }

  /** The changes, inside the caller's transaction; the rows as they are now. */
  private changeRows(changes: readonly { id: string; input: CheckedInput }[], now: number): (PlayerRow | undefined)[] {
    const done = changes.map(({ id, input }) => {
        const row = this.get(id);
        if (!row) return undefined;
        const next = {
          name: input.name ?? row.name,
          nickname: input.nickname === undefined ? row.nickname : input.nickname,
          country: input.country === undefined ? row.country : input.country,
          email: input.email === undefined ? row.email : input.email,
          phone: input.phone === undefined ? row.phone : input.phone,
          notes: input.notes === undefined ? row.notes : input.notes,
        };
        this.sql
          .prepare('UPDATE players SET name = ?, folded = ?, nickname = ?, country = ?, email = ?, phone = ?, notes = ?, updated_at = ? WHERE id = ?')
          .run(next.name, folded(next.name, next.nickname), next.nickname, next.country, next.email, next.phone, next.notes, now, row.id);
        return row.id;
      });
    return done.map((id) => (id ? this.get(id) : undefined));
  }

  photo(id: string): { mime: string; hash: string; data: Buffer } | undefined {
    const row = this.sql.prepare('SELECT photo_mime AS mime, photo_hash AS hash, photo AS data, erased_at AS erasedAt FROM players WHERE id = ?').get(canonicalPlayerId(this.db, id)) as
      | { mime: string | null; hash: string | null; data: Buffer | null; erasedAt: number | null }
      | undefined;
    if (!row || row.erasedAt !== null || !row.data || !row.mime || !row.hash) return undefined;
    return { mime: row.mime, hash: row.hash, data: row.data };
  }

  setPhoto(id: string, photo: { mime: string; hash: string; data: Uint8Array } | null): PlayerRow | undefined {
    const row = this.get(id);
    if (!row) return undefined;
    this.sql
      .prepare('UPDATE players SET photo = ?, photo_mime = ?, photo_hash = ?, updated_at = ? WHERE id = ?')
      .run(photo ? Buffer.from(photo.data) : null, photo?.mime ?? null, photo?.hash ?? null, this.time.now(), row.id);
    return this.get(row.id);
  }

  /**
   * `from` becomes `into` (issue 27: a duplicate): the record of `from` is deleted, the merge is
   * recorded (and earlier merges into `from` now point at `into`, chains one step long), and
   * `into` keeps its own fields, taking from `from` only what it lacks (nickname, country,
   * contact, photo) and both sets of notes.
   */
  merge(fromId: string, intoId: string): PlayerRow {
    const from = this.get(fromId)!;
    const into = this.get(intoId)!;
    const now = this.time.now();
    this.sql.transaction(() => {
      const take = <T>(a: T | null, b: T | null) => a ?? b;
      const notes = [into.notes, from.notes].filter(Boolean).join('\n');
      this.sql
        .prepare(
          `UPDATE players SET nickname = ?, country = ?, email = ?, phone = ?, notes = ?, folded = ?, updated_at = ?,
             photo = COALESCE(photo, (SELECT photo FROM players WHERE id = ?)),
             photo_mime = COALESCE(photo_mime, (SELECT photo_mime FROM players WHERE id = ?)),
             photo_hash = COALESCE(photo_hash, (SELECT photo_hash FROM players WHERE id = ?))
           WHERE id = ?`,
        )
        .run(take(into.nickname, from.nickname), take(into.country, from.country), take(into.email, from.email), take(into.phone, from.phone), notes || null, folded(into.name, take(into.nickname, from.nickname)), now, from.id, from.id, from.id, into.id);
      this.sql.prepare('UPDATE player_merges SET into_id = ? WHERE into_id = ?').run(into.id, from.id);
      this.sql.prepare('INSERT INTO player_merges (from_id, into_id, at) VALUES (?, ?, ?)').run(from.id, into.id, now);
      this.sql.prepare('DELETE FROM players WHERE id = ?').run(from.id);
    })();
    this.index.remove(from.id);
    const row = this.get(into.id)!;
    this.index.put(row);
    return row;
  }

  /**
   * Erased on request: name, nickname, country, contact, notes and photo gone; the id and
   * `erased_at` stay, so tournaments that name him show "Erased player" (./erase.ts).
   */
  erase(id: string): string | undefined {
    const row = this.get(id);
    if (!row) return undefined;
    const now = this.time.now();
    this.sql
      .prepare(
        "UPDATE players SET name = '', folded = '', nickname = NULL, country = NULL, email = NULL, phone = NULL, notes = NULL, photo = NULL, photo_mime = NULL, photo_hash = NULL, updated_at = ?, erased_at = ? WHERE id = ?",
      )
      .run(now, now, row.id);
    this.index.remove(row.id);
    return row.id;
  }
}
