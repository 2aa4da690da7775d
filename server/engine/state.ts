/**
 * The whole state of one tournament: plain, immutable, JSON-serialisable data. Commands make
 * new state objects; nothing mutates one in place, so a failed command leaves no trace.
 */
import type { ClockState } from './clock.js';
import { initialClock } from './clock.js';
import { initialEntries, type EntriesState } from './entries/model.js';
import { initialSeating, type SeatingState } from './tables/state.js';
import { PRESETS, type PresetId, type RuleValues } from './presets.js';
import { assertStructure } from './structure-check.js';
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
}

export function createTournamentState(id: string, input: NewTournament, now: number): TournamentState {
  assertStructure(input.structure, input.settings.chipSet);
  const { rules, ...rest } = input.settings;
  return {
    v: 1,
    id,
    createdAt: now,
    settings: { ...rest, name: input.name, preset: input.preset, rules: { ...PRESETS[input.preset].rules, ...rules } },
    structure: input.structure,
    clock: initialClock(input.structure),
    entries: initialEntries(),
    seating: initialSeating(),
  };
}
