/**
 * The whole state of one tournament: plain, immutable, JSON-serialisable data. Commands make
 * new state objects; nothing mutates one in place, so a failed command leaves no trace.
 */
import type { ClockState } from './clock.js';
import { initialClock } from './clock.js';
import { initialEntries, type EntriesState } from './entries/model.js';
import { initialSeating, type SeatingState } from './tables/state.js';
import { addTable, createRoom } from './seating/index.js';
import { PRESETS, rulesOf, type PresetId, type RuleValues } from './presets.js';
import { assertStructure } from './structure-check.js';
import { EngineError } from './errors.js';
import type { StructureItem } from './structure.js';
import type { BuyPeriod } from '../protocol/entries-commands.js';
import type { PlayerClock, StreamState } from './stream/state.js';
import type { DayState } from './days/model.js';
import type { BountyState } from './bounties/model.js';
import type { BountySettings, SatelliteSettings } from '../protocol/bounties.js';

export interface TournamentSettings {
  name: string;
  preset: PresetId;
  /** The preset's values with this tournament's overrides applied. */
  rules: RuleValues;
  startingStack: number;
  /** Minor units (cents) of each buy-in that go into the prize pool. */
  buyIn: number;
  /** Minor units (cents) of each buy-in that go to the house. */
  fee: number;
  currency: string;
  /** Last play level (1-based number) at which late registration is open; null: none. */
  lateRegistrationLevel: number | null;
  locale: string;
  /** Chip set, guarantee, payout rounding, rebuys and add-ons (entries domain; see entries/model.ts). */
  chipSet?: number[] | null;
  guarantee?: number;
  payoutRoundingUnit?: number;
  rebuy?: BuyPeriod | null;
  addon?: BuyPeriod | null;
  /** Knockout, PKO or mystery bounty (issue 25); null/absent: none (every preset's default). */
  bounty?: BountySettings | null;
  /** Seats as prizes (issue 25); null/absent: not a satellite. */
  satellite?: SatelliteSettings | null;
}

export interface TournamentState {
  /** Version of this shape, for migrations of stored state. */
  v: 1;
  id: string;
  createdAt: number;
  settings: TournamentSettings;
  structure: StructureItem[];
  clock: ClockState;
  /** Players and entries (owned by server/engine/entries/). */
  entries: EntriesState;
  /** Tables, seats, moves (owned by server/engine/tables/ over the pure seating engine). */
  seating: SeatingState;
  /** The producer's stream state (server/engine/stream/); absent until a stream command. */
  stream?: StreamState;
  /** Players on the clock, by table id (server/engine/stream/); absent until the first call. */
  playerClocks?: Record<string, PlayerClock>;
  /** Set aside by the TD once finished (`tournament.archive`); absent: not archived. */
  archived?: boolean;
  /** End of day, bag and tag, Day 2's flights (server/engine/days/); absent until a day command. */
  day?: DayState;
  /** Who eliminated whom and the bounties paid (server/engine/bounties/); absent until the first knockout. */
  bounties?: BountyState;
}

export interface NewTournament {
  name: string;
  preset: PresetId;
  structure: StructureItem[];
  settings: Omit<TournamentSettings, 'name' | 'preset' | 'rules'> & { rules: Partial<RuleValues> };
  /** Tables opened with the tournament (absent in older logs: none). */
  tables?: number;
}

/** Most tables a tournament opens at creation (a 5,000-player room at 10 seats a table). */
export const CREATE_TABLES_MAX = 500;

export function createTournamentState(id: string, input: NewTournament, now: number): TournamentState {
  assertStructure(input.structure, input.settings.chipSet);
  const { rules, ...rest } = input.settings;
  const settings: TournamentSettings = { ...rest, name: input.name, preset: input.preset, rules: { ...PRESETS[input.preset].rules, ...rules } };
  return {
    v: 1,
    id,
    createdAt: now,
    settings,
    structure: input.structure,
    clock: initialClock(input.structure),
    entries: initialEntries(),
    seating: openTables(settings, input.tables ?? 0),
  };
}

/**
 * The seating of a new tournament with `count` tables open, numbered 1..count with the rules'
 * seats, as `table.add` would open them one by one (each new table first in the break order),
 * but in the one creation step: a tournament never exists with half its tables (issue 22).
 */
function openTables(settings: TournamentSettings, count: number): SeatingState {
  const seating = initialSeating();
  if (count <= 0) return seating;
  if (!Number.isSafeInteger(count) || count > CREATE_TABLES_MAX) {
    throw new EngineError('invalid-tournament', `A tournament opens 0 to ${CREATE_TABLES_MAX} tables at creation, not ${count}.`, 'invalid');
  }
  const rules = rulesOf(settings);
  let room = createRoom();
  for (let number = 1; number <= count; number++) {
    room = addTable(room, { id: `t${number}`, number, seats: rules.seatsPerTable, outOfUse: [], breakPosition: 'first', buttonRule: rules.buttonRule });
  }
  return { ...seating, room, version: 1 };
}
