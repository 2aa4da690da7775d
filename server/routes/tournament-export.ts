/**
 * `GET /api/tournaments/:id/export` (the TD): one tournament's whole truth, the same on SQLite and
 * PostgreSQL: its origin (what it was created from) and its whole command log, each command with
 * its seq, id, arguments, time, seed, actor and answer. Replaying the log on the origin gives its
 * state exactly (the engine is deterministic: that is how every restart and take-over loads it),
 * so this file is what a restore needs. Answered by the tournament's owner (through an edge, the
 * owner's answer is relayed, up to 32 MiB).
 */
import { Hono } from 'hono';
import { ENGINE_VERSION } from '../engine/version.js';
import { errorResponse, refuseUnless, type Deps, type Env } from './context.js';

/** The export's format; a reader refuses one it does not know. */
export const EXPORT_FORMAT = 'riffle-tournament-export/1';

/** The most commands one export holds (a 10,000-entry festival day is under 100,000). */
export const EXPORT_MAX_COMMANDS = 500_000;

export function tournamentExportRoutes({ registry }: Deps) {
  return new Hono<Env>().get('/:id/export', async (c) => {
    const refused = refuseUnless(c, 'backup', 'A tournament\'s export is for the tournament director.');
    if (refused) return refused;
    const host = registry.get(c.req.param('id'));
    if (!host) {
      if (registry.storageDown) return errorResponse(c, 503, { code: 'storage-unavailable', message: registry.storageDown });
      return errorResponse(c, 404, { code: 'unknown-tournament', message: `There is no tournament "${c.req.param('id').slice(0, 40)}" on this server.` });
    }
    // Every acknowledged command is in the log the export reads (on PostgreSQL, its queued writes first).
    await host.durable();
    const source = registry.store;
    const log = source.log(host.id, 0, EXPORT_MAX_COMMANDS);
    const body = JSON.stringify({ format: EXPORT_FORMAT, engine: ENGINE_VERSION, exportedAt: new Date().toISOString(), id: host.id, name: host.state.settings.name, seq: host.seq, origin: source.origin(host.id), log });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    return c.body(body, 200, { 'content-type': 'application/json; charset=UTF-8', 'content-disposition': `attachment; filename="riffle-${host.id}-${stamp}.json"`, 'content-length': String(Buffer.byteLength(body)) });
  });
}
