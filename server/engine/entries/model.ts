/**
 * Players and their entries: the model shared by entries/chips/payouts and by seating.
 * A player is a person; an entry is one buy-in (TDA 2017 r7: a re-entry is a new entry with a
 * full stack and a new seat draw). Seating refers to entries by `Entry.id`.
 *
 * Owned by the entries domain (issue: entries, chips, bust-outs and payouts); seating only
 * reads it, through the functions below.
 */

export type EntryStatus = 'active' | 'busted';

export interface Player {
  id: string;
  name: string;
}

export interface Entry {
  /** `e1`, `e2`, … in registration order; never reused. */
  id: string;
  playerId: string;
  status: EntryStatus;
}

export interface EntriesState {
  players: Record<string, Player>;
  /** In registration order. */
  entries: Entry[];
}

export function initialEntries(): EntriesState {
  return { players: {}, entries: [] };
}

/** Entries still in play, in registration order: what seating must keep seated. */
export function activeEntryIds(entries: EntriesState): string[] {
  return entries.entries.filter((e) => e.status === 'active').map((e) => e.id);
}
