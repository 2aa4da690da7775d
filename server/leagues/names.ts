/**
 * What the public pages show of a player (issue 27 item 5): the venue's choice per league, full
 * name, initials or nickname; never contact details (the results carry none). A player's key
 * (his database id, or his normalized name) is not shown either: the public pages and their
 * addresses name him by a hash of it.
 */
import { createHash } from 'node:crypto';
import type { NameDisplay, StandingsRow } from '../protocol/leagues.js';

/** "Jan de Vries" -> "J.d.V.": the first letter of each word as typed. */
export function initials(name: string): string {
  return name
    .trim()
    .split(/\s+/u)
    .filter(Boolean)
    .map((w) => `${[...w][0] ?? ''}.`)
    .join('');
}

/** A nickname from the player database when the lead wires one in; else initials. */
export type NicknameOf = (key: string) => string | undefined;

export function shownName(name: string, key: string, mode: NameDisplay, nickname: NicknameOf = () => undefined): string {
  if (mode === 'full') return name;
  if (mode === 'nickname') return nickname(key) ?? initials(name);
  return initials(name);
}

/** The public id of a player key: 12 hex characters of its SHA-256 (a name key would show the name). */
export function publicKey(key: string): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 12);
}

/** Rows as the public may see them: names as the league shows them, keys hashed. */
export function publicRows(rows: readonly StandingsRow[], mode: NameDisplay, nickname?: NicknameOf): StandingsRow[] {
  return rows.map((r) => ({ ...r, key: publicKey(r.key), name: shownName(r.name, r.key, mode, nickname) }));
}
