/**
 * ONK MEC r1B: a registered player's stack placed after late registration.
 *
 * MEC r1A: "Geregistreerde spelers ontvangen hun startstack bij aankomst, zolang dit binnen de
 * late registratieperiode is." r1B: "In geval van onvoorziene vertraging kunnen spelers contact
 * opnemen met de toernooileiding [...]. Bij goedkeuring door de toernooileiding wordt de stack na
 * de late registratieperiode op tafel geplaatst en afgeblind totdat de speler aanwezig is. De
 * toernooileiding behoudt zich het recht voor om dergelijke verzoeken te weigeren."
 *
 * So after the close `entry.add` with `afterClose: true` (the TD's alone: protocol/roles.ts
 * BY_ARGUMENT, and the command log names who sent it) makes the entry with the stack the rules
 * give a late entrant, seats it like any late entry, and marks it absent from now (MEC r4's
 * absence, IP r17 / TDA r71: an absent player is dealt in and blinded) until the floor marks him
 * at the table. The `entry.added` event says `afterClose: true`.
 */
import { EngineError } from '../errors.js';
import type { Outcome } from '../commands/types.js';
import type { TournamentState } from '../state.js';
import type { EntriesEvent } from '../../protocol/entries-events.js';
import { ledger, registrationOpen } from './ledger.js';
import type { Player } from './model.js';
import { playerCount } from './players.js';
import { assertNoPrizes, newEntry, withEntries, type VenueRecord } from './registration.js';
import { appendedTo } from './totals.js';

export function placeAfterClose(state: TournamentState, name: string, now: number, country?: string, record: VenueRecord = {}): Outcome {
  const e = ledger(state);
  assertNoPrizes(e, 'A new entry');
  if (registrationOpen(state)) {
    throw new EngineError('registration-open', 'Registration is still open: the player gets his stack when he arrives (MEC r1A); afterClose is for after the close (MEC r1B).');
  }
  const player: Player = { id: `p${playerCount(e.players) + 1}`, name, ...(country ? { country } : {}), ...record };
  const made = newEntry(state, e, player, now);
  // newEntry appended the entry last: mark that one absent (blinded until he arrives, MEC r1B).
  const absent = { ...made.entry, absentSince: now };
  const entries = appendedTo(e.entries, absent);
  const next = { ...made.e, entries };
  const event: EntriesEvent = made.event.type === 'entry.added' ? { ...made.event, afterClose: true } : made.event;
  return {
    state: withEntries(state, next),
    events: [event],
    result: { entryId: absent.id, playerId: player.id, stack: absent.stack, absentSince: now },
  };
}
