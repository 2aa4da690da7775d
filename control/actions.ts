/**
 * What the panel's parts ask the root to do. Children never send commands themselves: they
 * fire `riffle-action` and the root (which owns the connection) acts, as in Home Assistant
 * where state flows down and events flow up.
 */
export type PanelAction =
  | { kind: 'toggle' }
  | { kind: 'adjust'; seconds: number }
  | { kind: 'previous' }
  | { kind: 'next' }
  | { kind: 'levels' }
  | { kind: 'close-levels' }
  | { kind: 'jump'; index: number }
  /** Take back the last clock action of this phone (control/clock-undo.ts). */
  | { kind: 'undo' };

export type ActionEvent = CustomEvent<{ action: PanelAction }>;

export function fireAction(from: HTMLElement, action: PanelAction): void {
  from.dispatchEvent(new CustomEvent('riffle-action', { detail: { action }, bubbles: true, composed: true }));
}

declare global {
  interface HTMLElementEventMap {
    'riffle-action': ActionEvent;
  }
}
