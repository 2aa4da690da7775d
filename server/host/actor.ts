import type { Role } from '../engine/apply.js';

/** Who is asking: a screen (viewer), floor staff, the stream producer, the TD, or the server itself. */
export interface Actor {
  role: 'viewer' | Role | 'system';
  /** For the audit log: `admin`, `session:<id>`, `system` or `anonymous`. */
  id: string;
}

/**
 * Whether `actor` may send a command that needs `needed` (see Role): the TD and the server may
 * do everything; floor staff the floor's commands; the producer the stream's, and the floor's
 * marked `producer` (chip counts). Screens nothing.
 */
export function mayAct(actor: Actor, needed: Role, producer = false): boolean {
  switch (actor.role) {
    case 'td':
    case 'system':
      return true;
    case 'floor':
      return needed === 'floor';
    case 'stream':
      return needed === 'stream' || (needed === 'floor' && producer);
    default:
      return false;
  }
}

export const ANONYMOUS: Actor = { role: 'viewer', id: 'anonymous' };
export const SYSTEM: Actor = { role: 'system', id: 'system' };
