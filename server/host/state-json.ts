/**
 * The engine's state at its boundary: the plain JSON the store writes (checkpoints) and reads
 * back, and the one place that knows how the engine's persistent collections look as JSON.
 *
 * Inside the engine a tournament's players are a `PlayerBook` (entries/players.ts) and its
 * seating room a `Room` (seating/room.ts), persistent values that a registration or a bust
 * does not copy whole. At the boundary the state is plain
 * data: `toStored` gives an object of plain objects, arrays, strings, numbers, booleans and
 * null only (structuredClone and a JSON round trip give an equal object), in the same JSON
 * format the store has always written (`players` as the record `{[playerId]: Player}`, the
 * room and the undo point's room as the room's snapshot, seating/snapshot.ts), and
 * `fromStored` makes the engine's state of it again. Every other part of the state is shared
 * between the two, not copied.
 */
import type { TournamentState } from '../engine/state.js';
import type { EntriesState, Player } from '../engine/entries/model.js';
import { PlayerBook } from '../engine/entries/players.js';
import { restoreRoom, snapshotRoom, type RoomSnapshot } from '../engine/seating/index.js';
import type { SeatingState, UndoPoint } from '../engine/tables/state.js';

type StoredSeating = Omit<SeatingState, 'room' | 'undo'> & {
  room: RoomSnapshot;
  undo: (Omit<UndoPoint, 'before'> & { before: Omit<StoredSeating, 'undo'> }) | null;
};

/** The state as the store writes it: plain JSON data. */
export type StoredState = Omit<TournamentState, 'entries' | 'seating'> & {
  entries: Omit<EntriesState, 'players'> & { players: Record<string, Player> };
  seating: StoredSeating;
};

function storedSeating(seating: SeatingState): StoredSeating;
function storedSeating(seating: Omit<SeatingState, 'undo'>): Omit<StoredSeating, 'undo'>;
function storedSeating(seating: SeatingState | Omit<SeatingState, 'undo'>): StoredSeating | Omit<StoredSeating, 'undo'> {
  const room = snapshotRoom(seating.room);
  if (!('undo' in seating)) return { ...seating, room };
  const { undo } = seating;
  return { ...seating, room, undo: undo && { ...undo, before: storedSeating(undo.before) } };
}

function engineSeating(seating: StoredSeating): SeatingState;
function engineSeating(seating: Omit<StoredSeating, 'undo'>): Omit<SeatingState, 'undo'>;
function engineSeating(seating: StoredSeating | Omit<StoredSeating, 'undo'>): SeatingState | Omit<SeatingState, 'undo'> {
  const room = restoreRoom(seating.room);
  if (!('undo' in seating)) return { ...seating, room };
  const { undo } = seating;
  return { ...seating, room, undo: undo && { ...undo, before: engineSeating(undo.before) } };
}

/** The state as plain JSON data (what a checkpoint holds). */
export function toStored(state: TournamentState): StoredState {
  const { players, ...entries } = state.entries;
  const seating = state.seating as SeatingState | undefined;
  return { ...state, entries: { ...entries, players: players.toRecord() }, ...(seating ? { seating: storedSeating(seating) } : {}) } as StoredState;
}

/** The engine's state for a stored one (parsed JSON or `toStored`'s object). */
export function fromStored(stored: StoredState): TournamentState {
  const { players, ...entries } = stored.entries;
  const seating = stored.seating as StoredSeating | undefined;
  return { ...stored, entries: { ...entries, players: PlayerBook.fromRecord(players ?? {}) }, ...(seating ? { seating: engineSeating(seating) } : {}) } as TournamentState;
}

/** The JSON text of a state, as a checkpoint stores it. */
export function stateToJson(state: TournamentState): string {
  return JSON.stringify(toStored(state));
}

/** The engine's state of a checkpoint's JSON text. */
export function stateFromJson(json: string): TournamentState {
  return fromStored(JSON.parse(json) as StoredState);
}
