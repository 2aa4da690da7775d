/**
 * The arguments of the commands for alternates (IP r15), unsold seats (IP r16-3, r35), going back
 * from 10-handed to 9-handed (MEC r5) and multi-day events (MEC r9 end of day, bag and tag,
 * Day 2 from the Day 1 flights), as a client sends them; docs/API.md documents each command.
 * server/engine/schemas/flights.ts validates them (checked at compile time against these types).
 */
import type { NoArgs } from './commands.js';

/** One bagged survivor of a flight. */
export interface FlightSurvivor {
  entryId: string;
  /** 1 to 60 characters. */
  name: string;
  /** ISO 3166-1 alpha-2, upper case once parsed. */
  country?: string;
  /** Above 0. */
  chips: number;
}

/** One flight's survivors as bagged, carried into the Day 2 command (so a replay needs no other tournament). */
export interface FlightCarry {
  tournamentId: string;
  name: string;
  /** When the flight's day closed (server time). */
  closedAt: number;
  /** Buy-ins the flight collected for the prize pool (cents) and its paid entries. */
  poolMoney: number;
  entries: number;
  /** Where the flight's clock stood when the day closed (0-based structure index, ms left). */
  clock?: { index: number; remainingMs: number };
  /** At most 10,000. */
  survivors: FlightSurvivor[];
}

/** A seat: a table id (1 to 40 letters, digits, "-" or "_") and a seat number 1..10. */
export type SeatRef = {
  tableId: string;
  seat: number;
};

export interface FlightsCommandArgs {
  /** Either `name` (a new player) or `playerId` (a known player who busted and re-enters from the alternate list; the re-entry rules apply), not both. */
  'alternate.add': { name?: string; playerId?: string; country?: string };
  'alternate.remove': { alternateId: string };
  'tables.resize': {
    /** The new table size (6..10), e.g. 9 when going back from 10-handed (MEC r5). */
    seatsPerTable: number;
  };
  'unsold.place': {
    /** Seats to place a starting stack at (1 to 2000); default every empty seat in use (IP r35-1). */
    seats?: SeatRef[];
  };
  'unsold.count': SeatRef & { chips: number };
  'unsold.take': SeatRef & { name: string; country?: string; chips: number };
  'day.end': NoArgs;
  /** Chips of each bagging entry (at least one), by entry id. */
  'day.bag': { counts: Record<string, number> };
  'day.close': NoArgs;
  /** 1 to 50 flights. */
  'day2.import': { flights: FlightCarry[] };
}

/** POST /api/tournaments/:id/day2: the closed flights (1 to 50) to make Day 2 from, and the command id. */
export interface Day2Request {
  flightIds: string[];
  /** The idempotency key of the `day2.import` command (a retry with the same id is applied once). */
  id?: string;
}
