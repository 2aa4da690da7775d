/**
 * Roles as data: who may send each command, one table for the server (which checks it) and the
 * screens (`hello.may` lists what the socket's role may send; the phone shows a button only for
 * those). A command the protocol defines and this table does not name fails to compile.
 *
 * `td`: the tournament director (and the admin token); `floor`: floor staff; `stream`: the
 * stream producer. docs/API.md "Roles" describes them. Where the arguments need a narrower set
 * of roles, `BY_ARGUMENT` says so (a disqualification is the TD's alone).
 */
import type { CommandType } from './commands.js';

export type StaffRole = 'floor' | 'stream' | 'td';

export const PERMISSIONS: { readonly [T in CommandType]: readonly StaffRole[] } = {
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
  'balance.apply': ['floor', 'td'],
  'table.break': ['floor', 'td'],
  'finalTable.form': ['floor', 'td'],
  'table.waiveHalt': ['floor', 'td'],
  'seating.undo': ['td'],
  'stream.feature': ['stream', 'td'],
  'stream.show': ['stream', 'td'],
  'stream.lowerThird': ['stream', 'td'],
  'stream.hideLowerThird': ['stream', 'td'],
  'stream.ticker': ['stream', 'td'],
  'stream.replayAlert': ['stream', 'td'],
  'stream.delay': ['stream', 'td'],
  'obs.rules.set': ['stream', 'td'],
  'chips.count': ['floor', 'stream', 'td'], // a table's counts at once: as chips.set above
  'player.country': ['floor', 'td'],
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
};

/** Narrower roles for some values of an argument: the first that matches applies. */
export const BY_ARGUMENT: { readonly [T in CommandType]?: readonly { field: string; value: unknown; roles: readonly StaffRole[] }[] } = {
  // TDA 2017 r71: a disqualification is the TD's decision.
  'penalty.add': [{ field: 'kind', value: 'disqualification', roles: ['td'] }],
};

/** The roles that may send `type` with these arguments; null for an unknown command. */
export function allowedRoles(type: string, args?: unknown): readonly StaffRole[] | null {
  if (!Object.hasOwn(PERMISSIONS, type)) return null;
  const narrower = BY_ARGUMENT[type as CommandType]?.find((r) => typeof args === 'object' && args !== null && (args as Record<string, unknown>)[r.field] === r.value);
  return narrower ? narrower.roles : PERMISSIONS[type as CommandType];
}

/** Whether a role may send `type` with these arguments: the one check of the server and the screens. */
export function may(role: StaffRole | 'viewer', type: string, args?: unknown): boolean {
  return role !== 'viewer' && (allowedRoles(type, args)?.includes(role) ?? false);
}

/** The commands a role may send (for `hello.may`); none for a screen. */
export function commandsFor(role: StaffRole | 'viewer'): CommandType[] {
  if (role === 'viewer') return [];
  return (Object.keys(PERMISSIONS) as CommandType[]).filter((type) => PERMISSIONS[type].includes(role));
}
