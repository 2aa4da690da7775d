/** The control panel's tabs (the tab bar at the thumb), and which of them each role has. */
import type { Role } from '../../client/messages.js';

/** `tables`: the room view and the seating tools (draw, balance, table break), a tap from the clock. */
export type PanelTab = 'clock' | 'tables' | 'players' | 'money' | 'stream';
export type TabEvent = CustomEvent<{ tab: PanelTab }>;

/**
 * The tabs of each role: the producer runs the stream only (no clock, no busts); floor staff
 * have no stream; the TD has everything.
 */
export const TABS: Record<Exclude<Role, 'viewer'>, readonly PanelTab[]> = {
  td: ['clock', 'tables', 'players', 'money', 'stream'],
  floor: ['clock', 'tables', 'players', 'money'],
  stream: ['stream'],
};

declare global {
  interface HTMLElementEventMap {
    'riffle-tab': TabEvent;
  }
}
