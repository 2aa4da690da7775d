import type { Role } from '../engine/apply.js';

/** Who is asking: a screen (viewer), floor staff, the stream producer, the TD, or the server itself. */
export interface Actor {
  role: 'viewer' | Role | 'system';
  /** For the audit log: `admin`, `session:<id>`, `system` or `anonymous`. */
  id: string;
}

/**
 * Whether `actor` may do what needs `needed` (see Role), for the routes that are not commands
 * (the audit log, OBS settings, backups): the TD and the server may do everything; floor staff
 * the floor's; the producer the stream's. Screens nothing. Commands are checked against
 * PERMISSIONS (server/protocol/roles.ts) alone.
 */
export function mayAct(actor: Actor, needed: Role): boolean {
  switch (actor.role) {
    case 'td':
    case 'system':
      return true;
    case 'floor':
      return needed === 'floor';
    case 'stream':
      return needed === 'stream';
    default:
      return false;
  }
}

export const ANONYMOUS: Actor = { role: 'viewer', id: 'anonymous' };
export const SYSTEM: Actor = { role: 'system', id: 'system' };
