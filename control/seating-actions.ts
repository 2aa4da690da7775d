/**
 * Seating commands the room view and the floor call ask the root to send (state flows down,
 * events flow up, as with `riffle-action` in actions.ts). `confirm`: the root asks first.
 */
import type { Command } from '../client/messages.js';

export type SeatingCommandEvent = CustomEvent<{ command: Command }>;

export function fireSeating(from: HTMLElement, command: Command): void {
  from.dispatchEvent(new CustomEvent('riffle-seating', { detail: { command }, bubbles: true, composed: true }));
}

declare global {
  interface HTMLElementEventMap {
    'riffle-seating': SeatingCommandEvent;
  }
}
