/**
 * Roles and what each may do, written once: the server checks commands and routes with `may()`,
 * the hub lists a socket's commands in `hello.may`, the phone shows a button only where `may()`
 * says yes, and the phone's pending store keeps a queued command for any of `ROLES`. A command
 * the protocol defines and this table does not name fails to compile.
 *
 * `viewer`: a screen, or a phone not signed in; `floor`: floor staff; `stream`: the stream
 * producer; `td`: the tournament director (and the admin token). docs/API.md "Roles" describes
 * them. Where the arguments need a narrower set of roles, `BY_ARGUMENT` says so (a
 * disqualification is the TD's alone).
 */
import type { CommandType } from './commands.js';

/** Every role a socket or a request can have: a screen first, then the staff a PIN pairs. */
export const ROLES = ['viewer', 'floor', 'stream', 'td'] as const;
export type Role = (typeof ROLES)[number];

/** The roles a pairing PIN gives (each has its own PIN; docs/SECURITY.md). */
export const STAFF_ROLES = ['floor', 'stream', 'td'] as const satisfies readonly Role[];
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Whether a value (from storage, from the wire) names one of ROLES. */
export function isRole(value: unknown): value is Role {
  return (ROLES as readonly unknown[]).includes(value);
}

/**
 * What a request may do that is not a command: the routes and the hub guard these, by the same
 * table as the commands (PERMISSIONS below says who).
 * - `log.read`: read a tournament's audit log (GET /api/tournaments/:id/log);
 * - `obs.operate`: follow a tournament's OBS status (`obs.subscribe`) and its manual OBS actions;
 * - `obs.configure`: change a tournament's OBS connection and rules;
 * - `sessions.manage`: list and sign out paired phones;
 * - `backup`: download and restore backups;
 * - `setup`: create tournaments, structures and templates;
 * - `day2.create`: make Day 2 from closed Day 1 flights;
 * - `branding.set`: the event's logo, colours and sponsor on the overlays (server/routes/branding.ts);
 * - `players.read`: search the venue's players and read their cards (name, nickname, country,
 *   photo), register from them, create a record by registering a new name;
 * - `players.manage`: the TD's: contacts and notes, edit, photo, import, export, merge, erase;
 * - `stream.readLive`: read the producer's text (the `stream` topic) before the delayed feed
 *   airs it (server/host/producer-text.ts);
 * - `leagues.manage`: make and change leagues and seasons, and read standings with full names
 *   (server/routes/leagues.ts; reading public standings needs no role).
 */
export const ROUTE_CAPABILITIES = ['log.read', 'obs.operate', 'obs.configure', 'sessions.manage', 'backup', 'setup', 'day2.create', 'branding.set', 'stream.readLive', 'players.read', 'players.manage', 'leagues.manage'] as const;
export type RouteCapability = (typeof ROUTE_CAPABILITIES)[number];

/** Everything a role may be allowed: a command type, or one of ROUTE_CAPABILITIES. */
export type Capability = CommandType | RouteCapability;

export const PERMISSIONS: { readonly [C in Capability]: readonly StaffRole[] } = {
  'clock.start': ['td'],
  'clock.pause': ['td'],
  'clock.resume': ['td'],
  'clock.adjust': ['td'],
  'level.next': ['td'],
  'level.previous': ['td'],
  'level.set': ['td'],
  'entry.add': ['floor', 'td'],
  'entry.reenter': ['floor', 'td'],
  'entry.rebuy': ['floor', 'td'],
  'entry.addon': ['floor', 'td'],
  'entry.bust': ['floor', 'td'],
  'entry.undoBust': ['floor', 'td'],
  // Issue 25: the floor corrects who eliminated whom; the mystery list is the TD's.
  'entry.setEliminators': ['floor', 'td'],
  'bounty.post': ['td'],
  // The cashier's marks on the bounty pay-out sheet: floor staff hand out the money.
  'bounty.markPaid': ['floor', 'td'],
  'bounty.confirmEnvelopes': ['td'],
  'satellite.seatHeld': ['td'],
  // Chip counts: the floor's, and the stream producer's too. A producer counting the featured
  // table for the on-air leaderboard is the PokerGFX way, and `chips.count` of one entry was
  // always his: refusing him `chips.set` refused nothing. A count moves no money, place or seat;
  // the audit log names who counted (issue 21: docs/API.md, docs/SECURITY.md and this agree).
  'chips.set': ['floor', 'stream', 'td'],
  'chips.colorUp': ['floor', 'td'],
  'handForHand.start': ['td'],
  'handForHand.nextHand': ['floor', 'td'],
  'handForHand.stop': ['td'],
  'payouts.set': ['td'],
  'deal.propose': ['td'],
  'deal.apply': ['td'],
  'deal.undo': ['td'],
  'penalty.add': ['floor', 'td'],
  'penalty.clear': ['floor', 'td'],
  // MEC r4: the floor marks a player absent; removing his stack is the TD's.
  'entry.absent': ['floor', 'td'],
  'entry.removeAbsent': ['td'],
  'settings.set': ['td'],
  'table.add': ['td'],
  'table.remove': ['td'],
  'table.seatOutOfUse': ['td'],
  'table.breakOrder': ['td'],
  'seating.draw': ['floor', 'td'],
  'seat.assign': ['floor', 'td'],
  'seat.move': ['floor', 'td'],
  'seat.correct': ['floor', 'td'],
  'button.set': ['floor', 'td'],
  'button.draw': ['floor', 'td'],
  'hand.next': ['floor', 'td'],
  'hand.misdeal': ['floor', 'td'],
  // IP r23-1: "De toernooidirecteur behoudt zich het recht voor om zitplaatsen te herloten".
  'seating.redraw': ['td'],
  'balance.apply': ['floor', 'td'],
  'table.break': ['floor', 'td'],
  'finalTable.form': ['floor', 'td'],
  'table.waiveHalt': ['floor', 'td'],
  'seating.undo': ['td'],
  'stream.feature': ['stream', 'td'],
  'stream.show': ['stream', 'td'],
  'stream.lowerThird': ['stream', 'td'],
  'stream.hideLowerThird': ['stream', 'td'],
  'stream.cue': ['stream', 'td'],
  'stream.take': ['stream', 'td'],
  'stream.library.save': ['stream', 'td'],
  'stream.library.remove': ['stream', 'td'],
  'stream.ticker': ['stream', 'td'],
  'stream.replayAlert': ['stream', 'td'],
  'stream.delay': ['stream', 'td'],
  'obs.rules.set': ['stream', 'td'],
  'chips.count': ['floor', 'stream', 'td'], // a table's counts at once: as chips.set above
  'player.country': ['floor', 'td'],
  'player.onAirName': ['stream', 'td'],
  // Issue 27: erasing a person is the TD's (server/players/erase.ts sends it for each tournament).
  'player.erase': ['td'],
  'playerClock.start': ['floor', 'td'],
  'playerClock.stop': ['floor', 'td'],
  // Set-up (issue 14): the TD changes the structure and archives.
  'structure.set': ['td'],
  'tournament.archive': ['td'],
  // Alternates, unsold seats, 10 to 9, multi-day events (docs/API.md "Alternates, unsold seats, 10 to 9 and flights").
  'alternate.add': ['floor', 'td'],
  'alternate.remove': ['floor', 'td'],
  'tables.resize': ['td'],
  'unsold.place': ['td'],
  'unsold.count': ['floor', 'td'],
  'unsold.take': ['floor', 'td'],
  'day.end': ['td'],
  'day.bag': ['floor', 'td'],
  'day.close': ['td'],
  'day2.import': ['td'],
  // Not commands: the routes' and the hub's (docs/API.md "Roles").
  'log.read': ['floor', 'td'],
  'obs.operate': ['stream', 'td'],
  'obs.configure': ['td'],
  'sessions.manage': ['td'],
  'backup': ['td'],
  'setup': ['td'],
  'day2.create': ['td'],
  'branding.set': ['stream', 'td'],
  'stream.readLive': ['stream', 'td'],
  // Issue 27: the floor finds and registers players; contact details and the rest are the TD's.
  'players.read': ['floor', 'td'],
  'players.manage': ['td'],
  'leagues.manage': ['td'],
};

/** Narrower roles for some values of an argument: the first that matches applies. */
export const BY_ARGUMENT: { readonly [T in CommandType]?: readonly { field: string; value: unknown; roles: readonly StaffRole[] }[] } = {
  // TDA 2017 r71: a disqualification is the TD's decision.
  'penalty.add': [{ field: 'kind', value: 'disqualification', roles: ['td'] }],
  // ONK MEC r1B: a stack placed after late registration needs the TD's approval.
  'entry.add': [{ field: 'afterClose', value: true, roles: ['td'] }],
};

/** The roles that may do `capability` with these arguments; null for an unknown one. */
export function allowedRoles(capability: string, args?: unknown): readonly StaffRole[] | null {
  if (!Object.hasOwn(PERMISSIONS, capability)) return null;
  const narrower = BY_ARGUMENT[capability as CommandType]?.find((r) => typeof args === 'object' && args !== null && (args as Record<string, unknown>)[r.field] === r.value);
  return narrower ? narrower.roles : PERMISSIONS[capability as Capability];
}

/**
 * The server's own work (replay, scheduled steps): not a role anyone has, and allowed
 * everything. Only the server's Actor carries it; it never goes on the wire.
 */
export type SystemRole = 'system';

/**
 * Whether `role` may do `capability` (a command type, with its arguments, or a route's
 * capability): the one check of the server, the routes, the hub and the phone.
 */
export function may(role: Role | SystemRole, capability: Capability | (string & {}), args?: unknown): boolean {
  if (role === 'system') return Object.hasOwn(PERMISSIONS, capability);
  return role !== 'viewer' && (allowedRoles(capability, args)?.includes(role) ?? false);
}

/** The commands a role may send (for `hello.may`); none for a screen. */
export function commandsFor(role: Role): CommandType[] {
  if (role === 'viewer') return [];
  const routes: readonly string[] = ROUTE_CAPABILITIES;
  return (Object.keys(PERMISSIONS) as Capability[]).filter((c): c is CommandType => !routes.includes(c) && PERMISSIONS[c].includes(role));
}
