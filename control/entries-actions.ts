/**
 * Entries commands the players and money panels ask the root to send (state flows down, events
 * flow up, as with `riffle-action`). `reply` gets the server's answer (the deal calculator shows
 * the figures `deal.propose` returns).
 */
import type { Command, CommandAnswer } from '../client/messages.js';

/** `quiet`: no toast for success (the sender reports, e.g. a pasted list's one summary). */
export type EntriesCommandEvent = CustomEvent<{ command: Command; reply?: (answer: CommandAnswer) => void; quiet?: boolean }>;

export function fireEntries(from: HTMLElement, command: Command, reply?: (answer: CommandAnswer) => void, quiet = false): void {
  from.dispatchEvent(new CustomEvent('riffle-entries', { detail: { command, ...(reply ? { reply } : {}), ...(quiet ? { quiet } : {}) }, bubbles: true, composed: true }));
}

/** The control panel's tabs (the tab bar at the thumb). */
/** `tables`: the room view and the seating tools (draw, balance, table break), a tap from the clock. */
export type PanelTab = 'clock' | 'tables' | 'players' | 'money' | 'stream';
export type TabEvent = CustomEvent<{ tab: PanelTab }>;

declare global {
  interface HTMLElementEventMap {
    'riffle-entries': EntriesCommandEvent;
    'riffle-tab': TabEvent;
  }
}
