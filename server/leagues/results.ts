/**
 * A tournament's results as a league reads them: one line per player (not per entry), from the
 * engine state the store keeps (the same places as results.csv: finishingPlace, prizes, and the
 * knockouts of issue 25). Pure; made once per state object (states are immutable, so the state
 * itself is the cache key).
 */
import type { Player } from '../engine/entries/model.js';
import { finishingPlace } from '../engine/entries/busts.js';
import { isFinished } from '../engine/end.js';
import type { TournamentState } from '../engine/state.js';
import { bountiesOf } from '../engine/bounties/model.js';
import { wonBy } from '../engine/bounties/views.js';
import { nameKey, type PlayerResult, type TournamentResults } from './standings.js';

const made = new WeakMap<TournamentState, TournamentResults>();

/**
 * What the player-database work (branch w-players) adds to the engine's player record: the
 * venue's id of the person, and his erasure. Read through this widening so this file compiles
 * with or without it; once merged they are fields of `Player` itself.
 */
type VenuePlayer = Player & { venuePlayerId?: string; erased?: true };

/**
 * The key a player's results are kept under: his id in the player database when he was
 * registered from it, else his normalized name, so leagues work before the database is used.
 * An erased player (his name replaced) keeps an anonymous key of his own per tournament, so two
 * erased players are never one row.
 */
export function resultKey(player: Player | undefined, fallbackName: string, tournamentId = ''): string {
  const p = player as VenuePlayer | undefined;
  if (p?.venuePlayerId) return p.venuePlayerId;
  if (p?.erased) return `erased:${tournamentId}:${p.id}`;
  return nameKey(p?.name ?? fallbackName);
}

export function tournamentResults(state: TournamentState): TournamentResults {
  const cached = made.get(state);
  if (cached) return cached;
  const { entries, players } = state.entries;
  const s = state.settings;
  const knockouts = wonBy(bountiesOf(state));
  const byPlayer = new Map<string, PlayerResult & { inPlay: boolean }>();
  for (const x of entries) {
    const player = players.get(x.playerId);
    const name = player?.name ?? x.playerId;
    let r = byPlayer.get(x.playerId);
    if (!r) byPlayer.set(x.playerId, (r = { key: resultKey(player, name, state.id), name, place: null, placeTo: null, prize: 0, paid: 0, knockouts: 0, entries: 0, inPlay: false }));
    r.entries += 1;
    r.prize += x.prize ?? 0;
    // What he paid less the fees: the bounty parts count as buy-in (docs/LEAGUES.md "Points formulas").
    const b = s.bounty;
    r.paid += s.buyIn + (b?.amount ?? 0) + x.rebuys * ((s.rebuy?.price ?? 0) + (b?.rebuy ?? 0)) + x.addons * ((s.addon?.price ?? 0) + (b?.addon ?? 0));
    r.knockouts += knockouts.get(x.id)?.count ?? 0;
    const place = finishingPlace(x, entries.length);
    if (x.status === 'active' && !place) r.inPlay = true;
    if (place && (r.place === null || place.place < r.place)) {
      r.place = place.place;
      r.placeTo = place.placeTo;
    }
  }
  const out: TournamentResults = {
    tournamentId: state.id,
    name: state.settings.name,
    finished: isFinished(state),
    entries: entries.length,
    // The buy-in less the fee, the bounty included: a 10 + 10 bounty + 2 fee night has b = 20, as
    // PokerStars' leader board counts a knockout's buy-in (docs/LEAGUES.md).
    buyIn: s.buyIn + (s.bounty?.amount ?? 0),
    // A player with an entry still in play has no place yet (his busted entry's place is not his finish).
    players: [...byPlayer.values()].map(({ inPlay, ...r }) => (inPlay ? { ...r, place: null, placeTo: null } : r)),
  };
  made.set(state, out);
  return out;
}
