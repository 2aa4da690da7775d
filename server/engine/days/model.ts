/**
 * `state.day`: the end of a day of a multi-day event (MEC r9), the bag-and-tag counts, and for a
 * Day 2 the flights it was made from. Absent until the first `day.*` command.
 */
export interface EndOfDay {
  /** The card drawn, e.g. `5h` (cards 3 to 7, MEC r9). */
  card: string;
  /** Hands every table still plays: the card's number. */
  hands: number;
  at: number;
  /** Each open table's hand count (`Table.handsPlayed`) when the card was drawn. */
  start: Record<string, number>;
}

export interface Bag {
  chips: number;
  at: number;
}

export interface FlightRecord {
  tournamentId: string;
  name: string;
  closedAt: number;
  entries: number;
  poolMoney: number;
  /** Survivors carried into this Day 2, by this tournament's entry id. */
  carried: { flightEntryId: string; entryId: string; name: string; chips: number }[];
  /** Survivors left out by the duplicate policy (rules.flightDuplicates): their chips leave play. */
  dropped: { flightEntryId: string; name: string; chips: number; keptFrom: string }[];
}

export interface DayState {
  endOfDay: EndOfDay | null;
  /** Bag-and-tag counts by entry id. */
  bagged: Record<string, Bag>;
  closed: { at: number } | null;
  /** Day 2: the flights it was made from (day2.import). */
  flights?: FlightRecord[];
}

export function dayOf(state: { day?: DayState }): DayState {
  return state.day ?? { endOfDay: null, bagged: {}, closed: null };
}
