/**
 * The chip-count ranking as the stream shows it, and how it moved. The server keeps no
 * history of rankings, so the overlay compares with what it saw itself: a rank change is
 * measured when chip counts change (a count, not a bust or a late entry), against the ranking
 * the page showed just before. A freshly loaded page has seen nothing, so it shows no marks.
 */
import type { PlayerEntryView, PlayersView } from '../../../server/protocol/entries-views.js';

/** Active entries, biggest stack first (equal stacks by name, so the order never flickers). */
export function rankActive(players: PlayersView | undefined): PlayerEntryView[] {
  if (!players) return [];
  return players.entries.filter((e) => e.status === 'active').sort((a, b) => b.chips - a.chips || a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

export interface RankingUpdate {
  ranking: PlayerEntryView[];
  /** True when some entry in play before and after has a different stack. */
  chipChange: boolean;
  /** The chip leader before this chip change (null without a chip change or on the first state). */
  previousLeader: PlayerEntryView | null;
}

export class RankTracker {
  /** Places moved at the last chip change, by entry id: +2 is two places up. */
  moves = new Map<string, number>();
  private ranks: Map<string, number> | null = null;
  private chips: Map<string, number> | null = null;
  private leader: PlayerEntryView | null = null;

  update(players: PlayersView | undefined): RankingUpdate {
    const ranking = rankActive(players);
    const ranks = new Map(ranking.map((e, i) => [e.id, i + 1]));
    const chips = new Map(ranking.map((e) => [e.id, e.chips]));
    const before = this.chips;
    const chipChange = before !== null && ranking.some((e) => before.has(e.id) && before.get(e.id) !== e.chips);
    let previousLeader: PlayerEntryView | null = null;
    if (chipChange) {
      const old = this.ranks!;
      this.moves = new Map(ranking.filter((e) => old.has(e.id)).map((e) => [e.id, old.get(e.id)! - ranks.get(e.id)!]));
      previousLeader = this.leader;
    }
    this.ranks = ranks;
    this.chips = chips;
    this.leader = ranking[0] ?? null;
    return { ranking, chipChange, previousLeader };
  }
}
