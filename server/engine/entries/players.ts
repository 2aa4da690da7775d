/**
 * `EntriesState.players` at the size of a festival field. It reads and serialises as the plain
 * record `{[playerId]: Player}` it always was (JSON, replays and stored states are unchanged),
 * but a new player no longer copies every other one: the record is kept in chunks of
 * CHUNK players by number (`p128`…`p255` in one), and a registration copies one chunk. At 10,000
 * players a copy of the whole record cost 4 ms, more than the rest of the command.
 *
 * A record read from JSON (a checkpoint) is a plain object; it is split into chunks the first
 * time a player is added to it (once), and used as it is until then.
 */
import type { Player } from './model.js';
import { slot } from '../slots.js';

const CHUNK = 128;

/**
 * A chunk is a Map: copying an object of 512 keys with a spread costs V8 a hidden class per key
 * (191 KB and 160 µs per registration at 10,000 players, measured); a Map copies as a table.
 */
type Chunk = ReadonlyMap<string, Player>;

interface Book {
  readonly chunks: ReadonlyMap<string, Chunk>;
  readonly size: number;
}

/** The chunk of a player id: by number for `p<n>`, one chunk for any other id. */
function chunkKey(id: string): string {
  const n = /^p(\d{1,9})$/.exec(id)?.[1];
  return n === undefined ? 'x' : String(Math.floor(Number(n) / CHUNK));
}

/**
 * The book of a plain record (read from a checkpoint), made once and kept on it (../slots.ts).
 * A record made here is a Proxy over its book and answers for it (BOOK).
 */
const books = slot<object, Book>('players book');
const BOOK = Symbol('book');

function knownBook(players: object): Book | undefined {
  return (players as { [BOOK]?: Book })[BOOK] ?? books.get(players);
}

const handler: ProxyHandler<Book> = {
  get: (book, key) => (typeof key === 'string' ? book.chunks.get(chunkKey(key))?.get(key) : key === BOOK ? book : undefined),
  has: (book, key) => typeof key === 'string' && book.chunks.get(chunkKey(key))?.has(key) === true,
  ownKeys: (book) => [...book.chunks.values()].flatMap((chunk) => [...chunk.keys()]),
  getOwnPropertyDescriptor: (book, key) => {
    if (typeof key !== 'string') return undefined;
    const player = book.chunks.get(chunkKey(key))?.get(key);
    return player ? { value: player, enumerable: true, configurable: true, writable: false } : undefined;
  },
  set: () => false,
  deleteProperty: () => false,
  defineProperty: () => false,
};

function record(book: Book): Record<string, Player> {
  return new Proxy(book, handler) as unknown as Record<string, Player>;
}

function bookOf(players: Readonly<Record<string, Player>>): Book {
  const known = knownBook(players);
  if (known) return known;
  const chunks = new Map<string, Map<string, Player>>();
  let size = 0;
  for (const [id, player] of Object.entries(players)) {
    const key = chunkKey(id);
    let chunk = chunks.get(key);
    if (!chunk) chunks.set(key, (chunk = new Map()));
    chunk.set(id, player);
    size++;
  }
  const book = { chunks, size };
  books.set(players, book);
  return book;
}

/** The players with `player` added or replaced (a new record; `players` is not changed). */
export function withPlayer(players: Readonly<Record<string, Player>>, player: Player): Record<string, Player> {
  const book = bookOf(players);
  const key = chunkKey(player.id);
  const old = book.chunks.get(key);
  const chunks = new Map(book.chunks);
  chunks.set(key, new Map(old).set(player.id, player));
  return record({ chunks, size: book.size + (old?.has(player.id) ? 0 : 1) });
}

/** How many players the record holds (without listing them). */
export function playerCount(players: Readonly<Record<string, Player>>): number {
  // A record read from a checkpoint is counted once (its chunks are kept), not per command.
  return bookOf(players).size;
}

/**
 * The ids of the players that differ between two records, looking only at the chunks that
 * changed (a registration: one chunk); null when either is a plain record (compare them all).
 */
export function changedPlayers(before: Readonly<Record<string, Player>>, after: Readonly<Record<string, Player>>): ReadonlySet<string> | null {
  if (before === after) return NONE;
  // The views of one command ask the same question two or three times: answered once.
  if (lastAsked && lastAsked.before === before && lastAsked.after === after) return lastAsked.changed;
  const changed = compareBooks(before, after);
  lastAsked = { before, after, changed };
  return changed;
}

const NONE: ReadonlySet<string> = new Set();
let lastAsked: { before: object; after: object; changed: ReadonlySet<string> | null } | null = null;

function compareBooks(before: Readonly<Record<string, Player>>, after: Readonly<Record<string, Player>>): Set<string> | null {
  const a = knownBook(before);
  const b = knownBook(after);
  if (!a || !b) return null;
  const changed = new Set<string>();
  for (const [key, chunk] of b.chunks) {
    const old = a.chunks.get(key);
    if (old === chunk) continue;
    for (const [id, player] of chunk) if (player !== old?.get(id)) changed.add(id);
  }
  for (const [key, old] of a.chunks) if (!b.chunks.has(key)) for (const id of old.keys()) changed.add(id);
  return changed;
}
