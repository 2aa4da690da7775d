import type { Role } from '../engine/apply.js';

/** Who is asking: a screen (viewer), floor staff, the TD, or the server itself. */
export interface Actor {
  role: 'viewer' | Role | 'system';
  /** For the audit log: `admin`, `session:<id>`, `system` or `anonymous`. */
  id: string;
}

const RANK = { viewer: 0, floor: 1, td: 2, system: 3 } as const;

export function mayAct(actor: Actor, needed: Role): boolean {
  return RANK[actor.role] >= RANK[needed];
}

export const ANONYMOUS: Actor = { role: 'viewer', id: 'anonymous' };
export const SYSTEM: Actor = { role: 'system', id: 'system' };
