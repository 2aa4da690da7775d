/**
 * The public seat lookup (`GET /api/tournaments/:id/seat?q=`): a player types a few letters of
 * his name and gets his table and seat, without the whole field (issue 23, item 5).
 */

/** Letters a query must have (after trimming), and the most it may have. */
export const SEAT_QUERY_MIN = 2;
export const SEAT_QUERY_MAX = 40;
/** The most matches one answer carries (`more`: there were others; type more letters). */
export const SEAT_MATCHES_MAX = 10;

export interface SeatMatch {
  name: string;
  /** Null while he waits for a seat (or is out). */
  table: number | null;
  seat: number | null;
  /** Out of the tournament: the place (and the last of a shared place) he finished in. */
  out?: { place?: number; placeTo?: number };
}

export interface SeatLookupAnswer {
  ok: true;
  /** Seq of the state the answer was read from. */
  seq: number;
  matches: SeatMatch[];
  /** More players matched than `SEAT_MATCHES_MAX`. */
  more: boolean;
}
