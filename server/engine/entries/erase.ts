/**
 * A player erased on request (`player.erase`): the same person with his name replaced, his
 * country and photo gone; entries, places and prizes stay. Also what the stream's delayed feed
 * applies to the room's past when it is replayed from the log (server/host/delay-rebuild.ts), so
 * that no view or event made of a state before the erase names him again.
 */
import { ERASED_NAME } from '../../protocol/players.js';
import type { TournamentState } from '../state.js';
import { ledger } from './ledger.js';
import type { Player } from './model.js';
import { withPlayer } from './players.js';
import { withEntries } from './registration.js';

/** `player` as an erased player. */
export function erasedPlayer(player: Player): Player {
  return { id: player.id, name: ERASED_NAME, erased: true, ...(player.venuePlayerId ? { venuePlayerId: player.venuePlayerId } : {}) };
}

/** The ids of the players erased in `state`. */
export function erasedIds(state: TournamentState): string[] {
  const out: string[] = [];
  for (const player of ledger(state).players.values()) if (player.erased) out.push(player.id);
  return out;
}

/**
 * `state` with the players of `ids` that it holds unerased erased, and the names they had there
 * (`state` itself and no names when there is nothing to erase). Cost follows `ids`.
 */
export function withErased(state: TournamentState, ids: readonly string[]): { state: TournamentState; names: string[] } {
  if (ids.length === 0) return { state, names: [] };
  const e = ledger(state);
  let players = e.players;
  const names: string[] = [];
  for (const id of ids) {
    const player = players.get(id);
    if (!player || player.erased) continue;
    names.push(player.name);
    players = withPlayer(players, erasedPlayer(player));
  }
  return names.length ? { state: withEntries(state, { ...e, players }), names } : { state, names };
}
