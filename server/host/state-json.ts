/**
 * The engine's state at its boundary: the plain JSON the store writes (checkpoints) and reads
 * back, and the one place that knows how the engine's persistent collections look as JSON.
 *
 * Inside the engine a tournament's players are a `PlayerBook` (entries/players.ts), a
 * persistent map that a registration does not copy whole. At the boundary the state is plain
 * data: `toStored` gives an object of plain objects, arrays, strings, numbers, booleans and
 * null only (structuredClone and a JSON round trip give an equal object), in the same JSON
 * format the store has always written (`players` as the record `{[playerId]: Player}`), and
 * `fromStored` makes the engine's state of it again. Every other part of the state is shared
 * between the two, not copied.
 */
import type { TournamentState } from '../engine/state.js';
import type { EntriesState, Player } from '../engine/entries/model.js';
import { PlayerBook } from '../engine/entries/players.js';

/** The state as the store writes it: plain JSON data. */
export type StoredState = Omit<TournamentState, 'entries'> & {
  entries: Omit<EntriesState, 'players'> & { players: Record<string, Player> };
};

/** The state as plain JSON data (what a checkpoint holds). */
export function toStored(state: TournamentState): StoredState {
  const { players, ...entries } = state.entries;
  return { ...state, entries: { ...entries, players: players.toRecord() } };
}

/** The engine's state for a stored one (parsed JSON or `toStored`'s object). */
export function fromStored(stored: StoredState): TournamentState {
  const { players, ...entries } = stored.entries;
  return { ...stored, entries: { ...entries, players: PlayerBook.fromRecord(players ?? {}) } } as TournamentState;
}

/** The JSON text of a state, as a checkpoint stores it. */
export function stateToJson(state: TournamentState): string {
  return JSON.stringify(toStored(state));
}

/** The engine's state of a checkpoint's JSON text. */
export function stateFromJson(json: string): TournamentState {
  return fromStored(JSON.parse(json) as StoredState);
}
