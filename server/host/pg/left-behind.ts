/**
 * A host started on PostgreSQL beside a local SQLite file that still holds tournaments (a venue
 * that ran on SQLite, then got RIFFLE_DATABASE_URL): those tournaments are not served from here
 * (the tournaments live in PostgreSQL now), and nothing would say so. This says it loudly at
 * every start, and /healthz carries it, until they are moved (docs/SCALING.md "Moving a venue
 * from SQLite") or the file is put away.
 */
import type { Logger } from 'pino';
import type { Store } from '../store.js';

export interface LeftBehind {
  file: string;
  tournaments: number;
  names: string[];
}

export function localTournamentsLeftBehind(store: Store, file: string | null, log: Logger): LeftBehind | null {
  if (!file) return null;
  const sql = store.db.$client;
  const count = sql.prepare('SELECT COUNT(*) FROM tournaments').pluck().get() as number;
  if (count === 0) return null;
  const names = sql.prepare('SELECT name FROM tournaments ORDER BY created_at DESC LIMIT 5').pluck().all() as string[];
  log.error(
    { file, tournaments: count, names },
    `RIFFLE_DATABASE_URL is set, so the tournaments are served from PostgreSQL, but the local SQLite file ${file} holds ${count} tournament(s) (${names.join(', ')}${count > names.length ? ', …' : ''}) that this host does NOT serve. Move them into PostgreSQL (docs/SCALING.md "Moving a venue from SQLite"), or move the file away if they are not needed.`,
  );
  return { file, tournaments: count, names };
}
