/**
 * The phone's reads and writes of the venue's players (issue 27; docs/API.md "Players"): thin
 * wrappers over `/api/players`, as home-assistant's `fetchX` in src/data/. A failure answers
 * null (the caller registers by name only, as before the player database).
 */
import { foldName } from '../../server/protocol/fold.js';
import { PLAYER_QUERY_MAX, type PlayerCard, type PlayerSearchAnswer } from '../../server/protocol/players.js';

/** The players a few letters find, best first; null when the server could not be asked. */
export async function fetchPlayerMatches(query: string, signal?: AbortSignal): Promise<PlayerSearchAnswer | null> {
  try {
    const q = [...query.trim()].slice(0, PLAYER_QUERY_MAX).join('');
    const res = await fetch(`/api/players?q=${encodeURIComponent(q)}`, { ...(signal ? { signal } : {}), credentials: 'same-origin' });
    return res.ok ? ((await res.json()) as PlayerSearchAnswer) : null;
  } catch {
    return null;
  }
}

/** A record for a new name (the floor's first registration of him); null on any failure. */
export async function createPlayer(name: string, country?: string): Promise<PlayerCard | null> {
  try {
    const res = await fetch('/api/players', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name, ...(country ? { country } : {}) }),
    });
    if (!res.ok) return null;
    return ((await res.json()) as { player: PlayerCard }).player;
  } catch {
    return null;
  }
}

/** The same name as a person reads it (case, accents, spaces). */
export function sameName(a: string, b: string): boolean {
  return foldName(a).replace(/\s+/g, ' ') === foldName(b).replace(/\s+/g, ' ');
}

/** Whether two names differ by at most one letter (left out, added, changed) or two letters swapped ("Lras"): a typo. */
export function nearName(a: string, b: string): boolean {
  const x = foldName(a).replace(/\s+/g, ' ');
  const y = foldName(b).replace(/\s+/g, ' ');
  if (Math.abs(x.length - y.length) > 1) return false;
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  const rest = (p: number, q: number) => x.slice(p) === y.slice(q);
  const swapped = x[i] === y[i + 1] && x[i + 1] === y[i] && rest(i + 2, i + 2);
  return rest(i + 1, i + 1) || rest(i + 1, i) || rest(i, i + 1) || swapped;
}
