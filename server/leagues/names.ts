/**
 * What the public pages show of a player: the venue's choice per league, full name, initials
 * or nickname; never contact details (the results carry none). A player's key (his database
 * id, or his normalized name) is not shown either: the public pages and their addresses name him
 * by a keyed hash of it, with a secret of the venue's (a plain hash of `name:jan de vries` let
 * anyone confirm a guessed name).
 *
 * Under initials or nicknames a row carries no night: no tournament id with a place, which the
 * public tournament API resolves to the full name of whoever finished there, and so no points of
 * a night either (a formula maps them back to a place). The totals, nights played, wins and
 * cashes stay.
 */
import { createHmac } from 'node:crypto';
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

/** The public id of a player key: 12 hex characters of its HMAC-SHA-256 under the venue's secret. */
export function publicKey(key: string, secret: string): string {
  return createHmac('sha256', secret).update(key).digest('hex').slice(0, 12);
}

/** Rows as the public may see them: names as the league shows them, keys hashed, and no nights unless names are full. */
export function publicRows(rows: readonly StandingsRow[], mode: NameDisplay, secret: string, nickname?: NicknameOf): StandingsRow[] {
  return rows.map((r) => ({ ...r, key: publicKey(r.key, secret), name: shownName(r.name, r.key, mode, nickname), ...(mode === 'full' ? {} : { results: [] }) }));
}
