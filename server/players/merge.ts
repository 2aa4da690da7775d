/**
 * Duplicated players merged (issue 27): the table `player_merges` says which record each merged
 * one is now. Tournaments keep the id they were registered with (their command logs are the
 * truth and are never rewritten); whoever joins histories (a player's page, a league's
 * standings) reads every id through `canonicalPlayerId`.
 */
import type { Db } from '../../db/client.js';

type Statement = ReturnType<Db['$client']['prepare']>;
/** Statements prepared once per database: a league's standings read an id per result. */
const prepared = new WeakMap<Db, Map<string, Statement>>();

export function statement(db: Db, sql: string): Statement {
  let mine = prepared.get(db);
  if (!mine) prepared.set(db, (mine = new Map()));
  let s = mine.get(sql);
  if (!s) mine.set(sql, (s = db.$client.prepare(sql)));
  return s;
}

/**
 * The record `id` is now: itself, or the record it was merged into. Merges keep their chains one
 * step long (PlayerStore.merge rewrites older rows), so this is one indexed read; the loop is a
 * guard, bounded, should a row have been written by hand.
 */
export function canonicalPlayerId(db: Db, id: string): string {
  const read = statement(db, 'SELECT into_id AS intoId FROM player_merges WHERE from_id = ?');
  let current = id;
  for (let hop = 0; hop < 8; hop++) {
    const row = read.get(current) as { intoId: string } | undefined;
    if (!row) return current;
    current = row.intoId;
  }
  return current;
}

/** Every id that is now `id` (itself and the records merged into it). */
export function mergedIds(db: Db, id: string): string[] {
  const rows = db.$client.prepare('SELECT from_id AS fromId FROM player_merges WHERE into_id = ?').all(id) as { fromId: string }[];
  return [id, ...rows.map((r) => r.fromId)];
}
