/**
 * A venue player in the tournaments of this server (issue 27): his results there (a history,
 * merged records counted as one), and his erasure from them. Tournaments name a record by the
 * `venuePlayerId` their `entry.add` carried; a merged record's old id is read through
 * `mergedIds`. Bounded by the tournaments loaded and their players: a TD's action, not a
 * screen's loop.
 */
import type { Actor } from '../host/actor.js';
import type { Registry } from '../host/registry.js';
import type { PlayerResult } from '../protocol/players.js';

/** Each tournament he played, with his best place and what he won there. */
export function historyOf(registry: Registry, ids: readonly string[]): PlayerResult[] {
  const wanted = new Set(ids);
  const out: PlayerResult[] = [];
  for (const host of registry.list()) {
    const mine = host.view('players').entries.filter((e) => e.venuePlayerId !== undefined && wanted.has(e.venuePlayerId));
    if (!mine.length) continue;
    const places = mine.map((e) => e.place).filter((p): p is number => p !== undefined);
    out.push({
      tournamentId: host.id,
      tournament: host.state.settings.name,
      currency: host.state.settings.currency,
      ...(places.length ? { place: Math.min(...places) } : {}),
      prize: mine.reduce((sum, e) => sum + (e.prize ?? 0), 0),
      entries: mine.length,
    });
  }
  return out;
}

/**
 * `player.erase` for each tournament player registered from these records: his name becomes
 * "Erased player" in every view, result and export from now on (the command log keeps what was
 * typed then: docs/ARCHITECTURE.md "Players"). Returns the tournaments changed.
 */
export function eraseFromTournaments(registry: Registry, ids: readonly string[], actor: Actor): string[] {
  const wanted = new Set(ids);
  const changed: string[] = [];
  for (const host of registry.list()) {
    const players = new Set(host.view('players').entries.filter((e) => e.venuePlayerId !== undefined && wanted.has(e.venuePlayerId)).map((e) => e.playerId));
    for (const playerId of players) {
      const { status, answer } = host.dispatch({ type: 'player.erase', playerId }, actor);
      if (status !== 200) throw new Error(`player.erase in ${host.id} failed: ${JSON.stringify(answer).slice(0, 200)}`);
    }
    if (players.size) changed.push(host.id);
  }
  return changed;
}
