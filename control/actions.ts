/**
 * What the panel's parts ask the root to do besides sending a command (which is
 * `riffle-command`, control/command-event.ts): open and close the levels sheet, and take back
 * the last clock action (the root's command reporter knows its steps). Children never hold the
 * connection: they fire events and the root acts, as in Home Assistant where state flows down
 * and events flow up.
 */
import { may as mayRole, type Role } from '../server/protocol/roles.js';

export type PanelAction =
  | { kind: 'levels' }
  | { kind: 'close-levels' }
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

/**
 * Whether the signed-in phone may send a command with these arguments: the protocol's roles
 * table (server/protocol/roles.ts), the same check the server makes. Buttons ask this, never a
 * role by name. Made from the session's role (known offline too, so actions can be queued).
 */
export type May = (type: string, args?: unknown) => boolean;

const mays = new Map<string, May>();

/** One function per role, so Lit sees a new value when the role changes and not otherwise. */
export function mayFor(role: Role | null): May {
  const key = role ?? 'viewer';
  let fn = mays.get(key);
  if (!fn) mays.set(key, (fn = (type, args) => mayRole(key, type, args)));
  return fn;
}

export const MAY_NOTHING: May = () => false;
