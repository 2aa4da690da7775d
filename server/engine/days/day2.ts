/**
 * Day 2 from the Day 1 flights. Each flight is its own tournament (one writer each); a closed
 * flight's survivors and bag counts are read by the server (`flightCarry`, route
 * POST /api/tournaments/:id/day2) and passed whole, as arguments, to the Day 2 tournament's
 * `day2.import` command. The command log of Day 2 therefore holds everything the import used,
 * and a replay of that log alone gives the same Day 2: no other tournament is read while replaying.
 *
 * The same player in two flights (no rule book here covers it) follows rules.flightDuplicates:
 * `highest` (default) keeps his bigger stack, the other leaves play; `first` keeps the stack of
 * the flight that closed first; `refuse` stops the import for the TD to settle. A player is the
 * same when his name matches (case, accents and spacing ignored) and no country tells them apart.
 *
 * Each survivor becomes a Day 2 entry with his bagged count as stack; the prize pool is the
 * flights' money, and the payout template is chosen for the flights' entries together. If tables
 * are open the seats are redrawn at once (TDA 2017 r6, with the command's logged seed); otherwise
 * the floor opens tables and runs `seating.draw`.
 */
import { remainingAt, type ClockState } from '../clock.js';
import { EngineError } from '../errors.js';
import { durationMs } from '../structure.js';
import type { EngineEvent, Outcome } from '../commands/types.js';
import type { Rng } from '../random.js';
import { drawSeats } from '../seating/index.js';
import type { TournamentState } from '../state.js';
import { loadRoom, seatingOf, withRoom } from '../tables/state.js';
import { ledger, pool } from '../entries/ledger.js';
import type { EntriesState, Entry, Player } from '../entries/model.js';
import type { FlightCarry } from '../../protocol/flights-commands.js';
import { dayOf, type FlightRecord } from './model.js';

/** A closed flight's survivors with their bag counts, as `day2.import` takes them. */
export function flightCarry(state: TournamentState): FlightCarry {
  const day = dayOf(state);
  if (!day.closed) throw new EngineError('flight-not-closed', `${state.settings.name} is not closed: bag every survivor and close the day first.`);
  const e = ledger(state);
  const survivors = e.entries
    .filter((x) => x.status === 'active')
    .map((x) => {
      const p = e.players.get(x.playerId);
      return { entryId: x.id, name: p?.name ?? x.playerId, ...(p?.country ? { country: p.country } : {}), chips: day.bagged[x.id]!.chips };
    });
  const clock = { index: state.clock.index, remainingMs: remainingAt(state.clock, day.closed.at) };
  return { tournamentId: state.id, name: state.settings.name, closedAt: day.closed.at, poolMoney: pool(state).collected, entries: e.entries.length, clock, survivors };
}

function personKey(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

type Candidate = { flight: number; survivor: FlightCarry['survivors'][number] };

/**
 * Where Day 2's clock resumes: the position of the flight that got furthest (the highest
 * structure item, then the least time left), as an idle clock the TD starts; a level that had
 * run out resumes at the start of the next item. null when no flight says, or Day 2's structure
 * is shorter.
 */
function resumePoint(state: TournamentState, flights: FlightCarry[]): ClockState | null {
  const positions = flights.flatMap((f) => (f.clock ? [f.clock] : []));
  if (positions.length === 0) return null;
  const furthest = positions.reduce((a, b) => (b.index > a.index || (b.index === a.index && b.remainingMs < a.remainingMs) ? b : a));
  let { index, remainingMs } = furthest;
  if (remainingMs === 0 && index + 1 < state.structure.length) {
    index += 1;
    remainingMs = durationMs(state.structure[index]!);
  }
  const item = state.structure[index];
  if (!item) return null;
  return { ...state.clock, status: 'idle', index, endsAt: null, remainingMs: Math.min(remainingMs, durationMs(item)) || durationMs(item) };
}

/** `day2.import`: the flights' survivors become this tournament's entries. */
export function importFlights(state: TournamentState, flights: FlightCarry[], now: number, rng: () => Rng): Outcome {
  const e0 = ledger(state);
  if (e0.entries.length > 0 || state.clock.status !== 'idle' || dayOf(state).flights) {
    throw new EngineError('day2-not-empty', 'Day 2 must be a new tournament: no entries, clock not started, no import yet.');
  }
  const ids = new Set<string>();
  for (const f of flights) {
    if (f.tournamentId === state.id) throw new EngineError('invalid-command', 'A tournament cannot be its own flight.', 'invalid');
    if (ids.has(f.tournamentId)) throw new EngineError('invalid-command', `Flight ${f.name} is listed twice.`, 'invalid');
    ids.add(f.tournamentId);
  }
  // Group the survivors by person; a name twice in one flight cannot be told apart.
  const byName = new Map<string, Candidate[]>();
  flights.forEach((f, flight) => {
    const seen = new Set<string>();
    for (const survivor of f.survivors) {
      const key = personKey(survivor.name);
      if (seen.has(key)) throw new EngineError('duplicate-survivor', `Two survivors of ${f.name} are named ${survivor.name}: rename one in that flight first.`);
      seen.add(key);
      byName.set(key, [...(byName.get(key) ?? []), { flight, survivor }]);
    }
  });
  // Players of one name with different countries are different people; without a country
  // among several countries, nobody can tell whose stack it is.
  const groups: Candidate[][] = [];
  for (const list of byName.values()) {
    const countries = new Set(list.map((c) => c.survivor.country).filter((c) => c !== undefined));
    if (countries.size <= 1) {
      groups.push(list);
      continue;
    }
    if (list.some((c) => c.survivor.country === undefined)) {
      throw new EngineError('duplicate-survivor', `${list[0]!.survivor.name} survived in several flights with different countries and once without: give that player his country first.`);
    }
    for (const country of countries) groups.push(list.filter((c) => c.survivor.country === country));
  }
  const policy = state.settings.rules.flightDuplicates ?? 'highest';
  const keep = new Set<Candidate>();
  const dropped: { c: Candidate; kept: Candidate }[] = [];
  for (const list of groups) {
    if (list.length === 1) {
      keep.add(list[0]!);
      continue;
    }
    if (policy === 'refuse') {
      throw new EngineError('duplicate-survivor', `${list[0]!.survivor.name} survived ${list.map((c) => flights[c.flight]!.name).join(' and ')}; the preset leaves it to the TD (rules.flightDuplicates).`);
    }
    const byFirst = [...list].sort((a, b) => flights[a.flight]!.closedAt - flights[b.flight]!.closedAt || a.flight - b.flight);
    const kept = policy === 'first' ? byFirst[0]! : [...byFirst].sort((a, b) => b.survivor.chips - a.survivor.chips)[0]!;
    keep.add(kept);
    for (const c of list) if (c !== kept) dropped.push({ c, kept });
  }
  // Entries in flight order, then each flight's order, so ids follow the flights.
  let e: EntriesState = e0;
  const records: FlightRecord[] = flights.map((f) => ({ tournamentId: f.tournamentId, name: f.name, closedAt: f.closedAt, entries: f.entries, poolMoney: f.poolMoney, carried: [], dropped: [] }));
  const entries: Entry[] = [];
  let players = e.players;
  let chips = 0;
  flights.forEach((f, flight) => {
    for (const survivor of f.survivors) {
      const c = [...keep].find((k) => k.flight === flight && k.survivor === survivor);
      if (!c) continue;
      const playerId = `p${players.size + 1}`;
      players = players.with({ id: playerId, name: survivor.name, ...(survivor.country ? { country: survivor.country } : {}) });
      const id = `e${entries.length + 1}`;
      entries.push({ id, playerId, status: 'active', n: 1, at: now, stack: survivor.chips, chips: survivor.chips, rebuys: 0, addons: 0, fromFlight: f.tournamentId });
      records[flight]!.carried.push({ flightEntryId: survivor.entryId, entryId: id, name: survivor.name, chips: survivor.chips });
      chips += survivor.chips;
    }
  });
  for (const { c, kept } of dropped) {
    records[c.flight]!.dropped.push({ flightEntryId: c.survivor.entryId, name: c.survivor.name, chips: c.survivor.chips, keptFrom: flights[kept.flight]!.name });
  }
  e = {
    ...e,
    players,
    entries,
    chipsIssued: e.chipsIssued + chips,
    carried: { entries: flights.reduce((n, f) => n + f.entries, 0), money: flights.reduce((n, f) => n + f.poolMoney, 0) },
    payouts: { ...e.payouts, custom: null },
  };
  const resume = resumePoint(state, flights);
  let next: TournamentState = { ...state, entries: e, day: { ...dayOf(state), flights: records }, ...(resume ? { clock: resume } : {}) };
  const events: EngineEvent[] = [{ type: 'day2.imported', flights: flights.length, players: entries.length, dropped: dropped.length, at: now }];
  // Seats redrawn for Day 2 where tables are open.
  const room = loadRoom(seatingOf(next));
  let seated = 0;
  if (room.tables.size > 0) {
    const { room: drawnRoom, seatings } = drawSeats(room, entries.map((x) => x.id), rng());
    seated = seatings.length;
    next = { ...next, seating: { ...withRoom(seatingOf(next), drawnRoom), drawn: true } };
    events.push({ type: 'seats.drawn', count: seated, at: now });
  }
  return {
    state: next,
    events,
    result: {
      players: entries.length,
      chips,
      seated,
      ...(resume ? { resume: { index: resume.index, remainingMs: resume.remainingMs } } : {}),
      dropped: dropped.map(({ c, kept }) => ({ name: c.survivor.name, flight: flights[c.flight]!.name, chips: c.survivor.chips, keptFrom: flights[kept.flight]!.name })),
    },
  };
}
