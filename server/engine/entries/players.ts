/**
 * `EntriesState.players`: the players of a tournament by id, as a persistent map of its own
 * (`PlayerBook`), at the size of a festival field.
 *
 * A new player must not copy every other one (at 10,000 players a copy of a plain record cost
 * 4 ms, more than the rest of the command), so the book keeps its players in chunks of CHUNK by
 * number (`p128`…`p255` in one) and a registration copies one chunk and the chunk table; every
 * other chunk is shared with the book before. It is an explicit type with a small API (get,
 * has, size, values, with), not an object that pretends to be a plain record: its JSON form
 * (the plain record `{[playerId]: Player}` the store has always written) is made and read by
 * the store's codec (server/host/state-json.ts: `toRecord` / `PlayerBook.fromRecord`).
 *
 * A book knows which players differ from another book by comparing chunks (`changedSince`):
 * that is what the views read to redo only the lines of the players who changed.
 */
import type { Player } from './model.js';

const CHUNK = 128;

/**
 * A chunk is a Map: copying an object of 512 keys with a spread costs V8 a hidden class per key
 * (191 KB and 160 µs per registration at 10,000 players, measured); a Map copies as a table.
 */
type Chunk = ReadonlyMap<string, Player>;

/** The chunk of a player id: by number for `p<n>`, one chunk for any other id. */
function chunkKey(id: string): string {
  const n = /^p(\d{1,9})$/.exec(id)?.[1];
  return n === undefined ? 'x' : String(Math.floor(Number(n) / CHUNK));
}

const NONE: ReadonlySet<string> = new Set();

export class PlayerBook {
  private constructor(
    private readonly chunks: ReadonlyMap<string, Chunk>,
    /** How many players the book holds. */
    readonly size: number,
  ) {}

  static readonly EMPTY = new PlayerBook(new Map(), 0);

  /** The book of a plain record (the stored JSON form). */
  static fromRecord(record: Readonly<Record<string, Player>>): PlayerBook {
    const chunks = new Map<string, Map<string, Player>>();
    let size = 0;
    for (const [id, player] of Object.entries(record)) {
      const key = chunkKey(id);
      let chunk = chunks.get(key);
      if (!chunk) chunks.set(key, (chunk = new Map()));
      chunk.set(id, player);
      size++;
    }
    return new PlayerBook(chunks, size);
  }

  /** The plain record `{[playerId]: Player}` (the stored JSON form; a new object each time). */
  toRecord(): Record<string, Player> {
    const out: Record<string, Player> = {};
    for (const chunk of this.chunks.values()) for (const [id, player] of chunk) out[id] = player;
    return out;
  }

  get(id: string): Player | undefined {
    return this.chunks.get(chunkKey(id))?.get(id);
  }

  has(id: string): boolean {
    return this.chunks.get(chunkKey(id))?.has(id) === true;
  }

  /** The book with `player` added or replaced (a new book; this one is not changed). */
  with(player: Player): PlayerBook {
    const key = chunkKey(player.id);
    const old = this.chunks.get(key);
    const chunks = new Map(this.chunks);
    chunks.set(key, new Map(old).set(player.id, player));
    return new PlayerBook(chunks, this.size + (old?.has(player.id) ? 0 : 1));
  }

  *values(): IterableIterator<Player> {
    for (const chunk of this.chunks.values()) yield* chunk.values();
  }

  /**
   * The ids of the players that differ between `before` and this book, looking only at the
   * chunks that changed (a registration: one chunk).
   */
  changedSince(before: PlayerBook): ReadonlySet<string> {
    if (before === this) return NONE;
    const changed = new Set<string>();
    for (const [key, chunk] of this.chunks) {
      const old = before.chunks.get(key);
      if (old === chunk) continue;
      for (const [id, player] of chunk) if (player !== old?.get(id)) changed.add(id);
    }
    for (const [key, old] of before.chunks) if (!this.chunks.has(key)) for (const id of old.keys()) changed.add(id);
    return changed;
  }
}

/** The players with `player` added or replaced (a new book; `players` is not changed). */
export function withPlayer(players: PlayerBook, player: Player): PlayerBook {
  return players.with(player);
}

/** How many players the book holds. */
export function playerCount(players: PlayerBook): number {
  return players.size;
}

/** The ids of the players that differ between two books (see PlayerBook.changedSince). */
export function changedPlayers(before: PlayerBook, after: PlayerBook): ReadonlySet<string> {
  return after.changedSince(before);
}
