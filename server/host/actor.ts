import type { Role, SystemRole } from '../protocol/roles.js';

/**
 * Who is asking: a screen (viewer), floor staff, the stream producer, the TD, or the server
 * itself. What each may do is `may()` of server/protocol/roles.ts, for commands and routes alike.
 */
export interface Actor {
  role: Role | SystemRole;
  /** For the audit log: `admin`, `session:<id>`, `system` or `anonymous`. */
  id: string;
}

export const ANONYMOUS: Actor = { role: 'viewer', id: 'anonymous' };
export const SYSTEM: Actor = { role: 'system', id: 'system' };
