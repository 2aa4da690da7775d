/**
 * The toast after the server accepted a command, when the panel that sent it gave no text of
 * its own: what was done and to whom, never a bare "Done". A clock or level move names the item
 * it landed on, a registration the seat the server gave, a bust the places (IP r47-5, MEC r7).
 *
 * The server publishes a change before it answers, so the feed read here already shows it.
 */
import type { ClockView, Command } from '../client/messages.js';
import type { Localizer, TranslationKey } from '../web/lib/i18n.js';
import type { PlayersView } from '../server/protocol/entries-views.js';
import type { SeatingView } from '../server/protocol/seating.js';
import { finishesOf, resultText } from './bust-hand/bust-hand.js';
import { bustKnockouts, bustMoneyText } from './bust-hand/bust-money.js';
import { commandLabel, commandSubject } from './command-labels.js';

/** What the texts read from the shown tournament's feed. */
export interface DoneState {
  readonly players?: PlayersView | null | undefined;
  readonly seating?: SeatingView | null | undefined;
  readonly clock?: ClockView | null | undefined;
  readonly info?: { currency: string } | null | undefined;
}

/** The clock's and the levels' own texts ("Level 4 started"); the rest say "Done: …". */
const CLOCK_DONE: Partial<Record<Command['type'], TranslationKey>> = {
  'clock.start': 'control.done.start',
  'clock.pause': 'control.done.pause',
  'clock.resume': 'control.done.resume',
  'clock.adjust': 'control.done.addMinute',
  'level.next': 'control.done.next',
  'level.previous': 'control.done.previous',
  'level.set': 'control.done.jump',
};

export function doneText(l10n: Localizer, command: Command, result: unknown, state: DoneState): string {
  const key = command.type === 'clock.adjust' && command.seconds < 0 ? 'control.done.removeMinute' : CLOCK_DONE[command.type];
  if (key) {
    const current = state.clock?.current;
    return l10n.t(key, { item: current ? l10n.itemSummary(current) : '' });
  }
  if (command.type === 'entry.add' || command.type === 'entry.reenter') return registeredText(l10n, command, result, state);
  const finishes = command.type === 'entry.bust' ? finishesOf(result) : [];
  if (finishes.length) {
    // Under a bounty format the TD pays at once: what each eliminator won (the envelope drawn).
    const money = bustMoneyText(l10n, bustKnockouts(result), state.info?.currency ?? 'EUR');
    return money ? `${resultText(l10n, finishes, state.players ?? null)}. ${money}` : resultText(l10n, finishes, state.players ?? null);
  }
  return l10n.t('control.done.command', { label: commandLabel(l10n, { type: command.type, subject: commandSubject(command, state.players ?? null) }) });
}

/** "Anna Jansen registered, table 3 seat 7", or "Anna Jansen registered" when not seated yet. */
function registeredText(l10n: Localizer, command: Command, result: unknown, state: DoneState): string {
  const entryId = (result as { entryId?: string } | undefined)?.entryId;
  const name = state.players?.entries.find((e) => e.id === entryId)?.name ?? commandSubject(command, state.players ?? null) ?? '';
  for (const table of state.seating?.tables ?? []) {
    const seat = table.seats.find((s) => s.entryId === entryId);
    if (seat) return l10n.t('control.done.registeredSeat', { name, table: table.number, seat: seat.seat });
  }
  return l10n.t('control.done.registered', { name });
}
