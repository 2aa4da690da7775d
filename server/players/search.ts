/**
 * Finding a player by a few letters of any of his names (issue 27): typo-tolerant, kept in
 * memory for the venue and changed by the record, never rebuilt per query.
 *
 * An inverted index of letter pairs (bigrams) of the folded words of the name and nickname
 * ("durdevic" → du, ur, rd, ...). A query counts, per player, the pairs he shares with it; only
 * players sharing enough of them for the typos allowed are checked, by an edit distance of the
 * query against the start of each of his words (prefix Levenshtein: "jnsen" finds "Jansen",
 * "muler" finds "Müller"). Fuse.js was measured against this (bench/player-search.ts): it scores
 * every record on every query, O(n), and took ~30 ms p99 at 20,000 players; the pair index
 * checks a few hundred.
 *
 * Typos allowed grow with the query: none up to 3 letters (a pair of letters matches too much),
 * one up to 6, two beyond. An exact start of a word ranks first, then a part of the name, then
 * by distance; then by name.
 */
import { foldName } from '../routes/seat.js';
import { PLAYER_MATCHES_MAX } from '../protocol/players.js';

export interface Searchable {
  id: string;
  name: string;
  nickname?: string | null;
}

interface Item {
  id: string;
  /** name and nickname folded, one space between. */
  folded: string;
  words: string[];
  grams: string[];
  /** Ordinal in `items`; a removed item leaves a hole (null) reused by the next. */
  at: number;
}

export function words(folded: string): string[] {
  return folded.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

function grams(ws: readonly string[]): string[] {
  const out = new Set<string>();
  for (const w of ws) for (let i = 0; i + 1 < w.length; i++) out.add(w.slice(i, i + 2));
  return [...out];
}

export function typosAllowed(length: number): number {
  return length <= 3 ? 0 : length <= 6 ? 1 : 2;
}

/**
 * The fewest edits that turn `q` into some start of `w` (`w` may go on: typing is not done),
 * or more than `max` when it is over. Rows of the Levenshtein table, cut when a row's least
 * value passes `max`.
 */
export function prefixDistance(q: string, w: string, max: number): number {
  const n = w.length;
  let prev = new Array<number>(n + 1);
  let cur = new Array<number>(n + 1);
  for (let j = 0; j <= n; j++) prev[j] = j;
  for (let i = 1; i <= q.length; i++) {
    cur[0] = i;
    let least = i;
    const qc = q.charCodeAt(i - 1);
    for (let j = 1; j <= n; j++) {
      const cost = qc === w.charCodeAt(j - 1) ? 0 : 1;
      const v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      cur[j] = v;
      if (v < least) least = v;
    }
    if (least > max) return max + 1;
    [prev, cur] = [cur, prev];
  }
  let best = max + 1;
  for (let j = 0; j <= n; j++) if (prev[j]! < best) best = prev[j]!;
  return best;
}

export class PlayerIndex {
  private readonly items: (Item | null)[] = [];
  private readonly byId = new Map<string, Item>();
  private readonly postings = new Map<string, Set<number>>();
  private readonly holes: number[] = [];
  /** Shared counters a query's pairs add into (reset after each query: no allocation per query). */
  private counts = new Uint8Array(0);

  get size(): number {
    return this.byId.size;
  }

  /** Adds or replaces a player's names. */
  put(p: Searchable): void {
    this.remove(p.id);
    const folded = foldName([p.name, p.nickname ?? ''].join(' ')).replace(/\s+/g, ' ').trim();
    const ws = words(folded);
    const at = this.holes.pop() ?? this.items.length;
    const item: Item = { id: p.id, folded, words: ws, grams: grams(ws), at };
    this.items[at] = item;
    this.byId.set(p.id, item);
    for (const g of item.grams) {
      let set = this.postings.get(g);
      if (!set) this.postings.set(g, (set = new Set()));
      set.add(at);
    }
  }

  remove(id: string): void {
    const item = this.byId.get(id);
    if (!item) return;
    this.byId.delete(id);
    this.items[item.at] = null;
    this.holes.push(item.at);
    for (const g of item.grams) {
      const set = this.postings.get(g)!;
      set.delete(item.at);
      if (!set.size) this.postings.delete(g);
    }
  }

  /** Ids of the best matches of `query` (2..40 letters, checked by the caller), best first. */
  search(query: string, limit = PLAYER_MATCHES_MAX): { ids: string[]; more: boolean } {
    const q = foldName(query).replace(/\s+/g, ' ').trim();
    const qWords = words(q);
    if (!qWords.length) return { ids: [], more: false };
    const qGrams = grams(qWords);
    const letters = qWords.reduce((n, w) => n + w.length, 0);
    const typos = qWords.map((w) => typosAllowed(w.length));
    // A typo spoils at most two pairs of its word (q-gram lemma): a player who shares fewer is
    // no match. A one-letter word has no pair and needs none.
    const need = Math.max(1, qGrams.length - 2 * typos.reduce((a, b) => a + b, 0));
    if (this.counts.length < this.items.length) this.counts = new Uint8Array(Math.max(64, this.items.length * 2));
    const counts = this.counts;
    const touched: number[] = [];
    for (const g of qGrams) {
      const set = this.postings.get(g);
      if (!set) continue;
      for (const at of set) {
        if (counts[at] === 0) touched.push(at);
        if (counts[at]! < 255) counts[at]!++;
      }
    }
    const found: { item: Item; score: number }[] = [];
    for (const at of touched) {
      const shared = counts[at]!;
      counts[at] = 0;
      if (shared < need && !(qGrams.length === 0)) continue;
      const item = this.items[at];
      if (!item) continue;
      const score = this.score(item, q, qWords, typos);
      if (score !== null) found.push({ item, score });
    }
    // A query of one-letter words has no pairs: the start of a word, looked for in every name.
    if (qGrams.length === 0) {
      for (const item of this.items) {
        if (!item) continue;
        const score = this.score(item, q, qWords, typos);
        if (score !== null) found.push({ item, score });
        if (found.length > 4 * limit) break;
      }
    }
    found.sort((a, b) => a.score - b.score || (a.item.folded < b.item.folded ? -1 : a.item.folded > b.item.folded ? 1 : a.item.id < b.item.id ? -1 : 1));
    void letters;
    return { ids: found.slice(0, limit).map((f) => f.item.id), more: found.length > limit };
  }

  /**
   * Lower is better, null for no match: 0 every query word starts one of his words, 1 the query
   * is a part of his names, then 2 + the edits needed.
   */
  private score(item: Item, q: string, qWords: readonly string[], typos: readonly number[]): number | null {
    let exact = true;
    let edits = 0;
    for (let k = 0; k < qWords.length; k++) {
      const qw = qWords[k]!;
      let best = typos[k]! + 1;
      for (const w of item.words) {
        if (w.startsWith(qw)) {
          best = 0;
          break;
        }
        if (typos[k]! > 0) best = Math.min(best, prefixDistance(qw, w, typos[k]!));
      }
      if (best > typos[k]!) {
        // Not a start of a word, perhaps inside one ("sen" in "Jansen").
        if (item.folded.includes(qw)) {
          exact = false;
          continue;
        }
        return null;
      }
      if (best > 0) exact = false;
      edits += best;
    }
    if (exact) return 0;
    return edits === 0 || item.folded.includes(q) ? 1 : 2 + edits;
  }
}
