/**
 * Finding a player by a few letters of any of his names (issue 27): typo-tolerant, kept in
 * memory for the venue and changed with each record, never rebuilt for a query.
 *
 * The work is on the venue's distinct words (first names, surnames and nicknames folded:
 * "Đurđević" → "durdevic"), not on its players: 20,000 players share far fewer words, and a
 * query looks at words, then takes the players of the words that fit.
 * - The start of a word: a binary search in the sorted words ("jan" → jan, jansen, janssen).
 * - Inside a word ("sen" in jansen): a scan of the distinct words.
 * - With typos: words sharing enough letter pairs near their start with the query (an index
 *   of the pairs of the words' starts with their place; a typo spoils at most three, the q-gram
 *   lemma) are checked by an edit distance of the
 *   query against the word's start (prefix Levenshtein: "jnsen" finds Jansen, "muler" Müller).
 * Typos allowed grow with the query word: none up to 3 letters, one up to 6, two beyond.
 * Several query words ("jan ber") must each fit one of his words.
 *
 * Ranked: every query word starts one of his words (0), a part of a word (1), then 2 + the edits;
 * then by the word matched and his name. A hand-made index rather than Fuse.js (7.1): Fuse scores
 * every record on every query (O(n)); at 20,000 players of the bench's names it took p50 26 ms,
 * p99 78 ms a query, where this index took p50 0.7 ms, p99 12 ms in the same minutes (shared
 * CPU, load average 17-19; bench/player-search.ts, docs/BENCHMARKS.md).
 */
import { foldName } from '../protocol/fold.js';
import { PLAYER_MATCHES_MAX } from '../protocol/players.js';

export interface Searchable {
  id: string;
  name: string;
  nickname?: string | null;
}

interface Item {
  id: string;
  /** Name and nickname folded, one space between: the order among equals. */
  folded: string;
  words: string[];
}

export function words(folded: string): string[] {
  return [...new Set(folded.split(/[^\p{L}\p{N}]+/u).filter(Boolean))];
}

/** Letter pairs near a word's start: only they can meet a query typed from the start. */
const PAIR_REACH = 12;

/** The pairs of a word's start with where they are (`an1`: "an" at 1). */
function pairs(w: string): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < w.length && i < PAIR_REACH; i++) out.push(w.slice(i, i + 2) + i);
  return out;
}

export function typosAllowed(length: number): number {
  return length <= 3 ? 0 : length <= 6 ? 1 : 2;
}

/**
 * The fewest edits that turn `q` into some start of `w` (`w` may go on: typing is not done), or
 * `max + 1` when it is more than `max`. Rows of the Levenshtein table, cut as soon as a row's
 * least value passes `max`.
 */
/** Rows of the table, kept between calls: a search checks hundreds of words, none allocates. */
let rows: Int32Array[] = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

export function prefixDistance(q: string, w: string, max: number): number {
  // Only the word's start can fit: no more letters of it than the query's and its typos.
  const n = Math.min(w.length, q.length + max);
  if (rows[0]!.length <= n) rows = rows.map(() => new Int32Array(2 * n + 2));
  // Three rows: two letters swapped ("jnasen") count as one edit (optimal string alignment).
  let [before, prev, cur] = rows as [Int32Array, Int32Array, Int32Array];
  for (let j = 0; j <= n; j++) prev[j] = j;
  for (let i = 1; i <= q.length; i++) {
    cur[0] = i;
    let least = i;
    const qc = q.charCodeAt(i - 1);
    for (let j = 1; j <= n; j++) {
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (qc === w.charCodeAt(j - 1) ? 0 : 1));
      if (i > 1 && j > 1 && qc === w.charCodeAt(j - 2) && q.charCodeAt(i - 2) === w.charCodeAt(j - 1)) v = Math.min(v, before[j - 2]! + 1);
      cur[j] = v;
      if (v < least) least = v;
    }
    if (least > max) return max + 1;
    [before, prev, cur] = [prev, cur, before];
  }
  let best = max + 1;
  for (let j = 0; j <= n; j++) if (prev[j]! < best) best = prev[j]!;
  return best;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export class PlayerIndex {
  private readonly byId = new Map<string, Item>();
  /** Each distinct word and the players who have it. */
  private readonly owners = new Map<string, Set<Item>>();
  /** The distinct words, sorted (binary search for a start). */
  private readonly sorted: string[] = [];
  /** Letter pair → the distinct words that hold it (typo candidates). */
  private readonly pairIndex = new Map<string, Set<string>>();

  get size(): number {
    return this.byId.size;
  }

  /** Adds or replaces a player's names. */
  put(p: Searchable): void {
    this.remove(p.id);
    const folded = foldName(`${p.name} ${p.nickname ?? ''}`).replace(/\s+/g, ' ').trim();
    const item: Item = { id: p.id, folded, words: words(folded) };
    this.byId.set(p.id, item);
    for (const w of item.words) {
      let set = this.owners.get(w);
      if (!set) {
        this.owners.set(w, (set = new Set()));
        this.sorted.splice(this.at(w), 0, w);
        for (const g of pairs(w)) {
          let ws = this.pairIndex.get(g);
          if (!ws) this.pairIndex.set(g, (ws = new Set()));
          ws.add(w);
        }
      }
      set.add(item);
    }
  }

  remove(id: string): void {
    const item = this.byId.get(id);
    if (!item) return;
    this.byId.delete(id);
    for (const w of item.words) {
      const set = this.owners.get(w)!;
      set.delete(item);
      if (set.size) continue;
      this.owners.delete(w);
      this.sorted.splice(this.at(w), 1);
      for (const g of pairs(w)) {
        const ws = this.pairIndex.get(g)!;
        ws.delete(w);
        if (!ws.size) this.pairIndex.delete(g);
      }
    }
  }

  /** Ids of the best matches of `query` (2..40 letters, checked by the caller), best first. */
  search(query: string, limit = PLAYER_MATCHES_MAX): { ids: string[]; more: boolean } {
    const qWords = words(foldName(query));
    if (!qWords.length) return { ids: [], more: false };
    // Each query word's fitting words, best first; the one with the fewest players leads.
    const fits = qWords.map((qw) => this.fitting(qw));
    const owners = (f: { word: string }[]) => f.reduce((n, x) => n + this.owners.get(x.word)!.size, 0);
    let lead = 0;
    for (let k = 1; k < fits.length; k++) if (owners(fits[k]!) < owners(fits[lead]!)) lead = k;
    const others = qWords.map((qw, k) => ({ qw, k })).filter((x) => x.k !== lead);

    // Walk the lead's words best first; stop once `limit + 1` players are certain to be the best.
    const found: { item: Item; score: number; word: string }[] = [];
    const seen = new Set<Item>();
    for (const { word, score } of fits[lead]!) {
      // Every player still to come ranks after the page (a total is never below its lead's score).
      const last = found[limit];
      if (last && (score > last.score || (score === last.score && word > last.word))) break;
      for (const item of this.owners.get(word)!) {
        if (seen.has(item)) continue;
        let total = score;
        for (const { qw } of others) {
          const s = this.scoreIn(qw, item);
          if (s === null) {
            total = -1;
            break;
          }
          total = combine(total, s);
        }
        if (total < 0) continue;
        seen.add(item);
        found.push({ item, score: total, word });
      }
      found.sort((a, b) => a.score - b.score || byText(a.word, b.word) || byText(a.item.folded, b.item.folded) || byText(a.item.id, b.item.id));
      // Keep a little more than a page: enough to know there is more.
      if (found.length > limit + 1) found.length = limit + 1;
    }
    return { ids: found.slice(0, limit).map((f) => f.item.id), more: found.length > limit };
  }

  /** The distinct words a query word fits, with its score (0 start, 1 inside, 2 + edits), best first. */
  private fitting(qw: string): { word: string; score: number }[] {
    const out = new Map<string, number>();
    for (let i = this.at(qw); i < this.sorted.length && this.sorted[i]!.startsWith(qw); i++) out.set(this.sorted[i]!, 0);
    if (qw.length >= 2) for (const w of this.sorted) if (!out.has(w) && w.includes(qw)) out.set(w, 1);
    const typos = typosAllowed(qw.length);
    if (typos > 0) {
      // An edit spoils at most two pairs, a swap of two letters three; and a letter left out or
      // added moves the pairs after it by one.
      const need = Math.max(1, qw.length - 1 - 3 * typos);
      const counts = new Map<string, number>();
      for (let i = 0; i + 1 < qw.length; i++) {
        const pair = qw.slice(i, i + 2);
        const near = new Set<string>();
        for (let at = Math.max(0, i - typos); at <= i + typos && at < PAIR_REACH; at++) for (const w of this.pairIndex.get(pair + at) ?? []) near.add(w);
        for (const w of near) counts.set(w, (counts.get(w) ?? 0) + 1);
      }
      for (const [w, n] of counts) {
        if (n < need || out.has(w)) continue;
        const d = prefixDistance(qw, w, typos);
        if (d <= typos) out.set(w, 2 + d);
      }
    }
    return [...out].map(([word, score]) => ({ word, score })).sort((a, b) => a.score - b.score || byText(a.word, b.word));
  }

  /** How a query word fits one player's words (as `fitting`), or null. */
  private scoreIn(qw: string, item: Item): number | null {
    const typos = typosAllowed(qw.length);
    let best: number | null = null;
    for (const w of item.words) {
      if (w.startsWith(qw)) return 0;
      if (w.includes(qw)) best = 1;
      else if (typos > 0 && best === null) {
        const d = prefixDistance(qw, w, typos);
        if (d <= typos && (best === null || 2 + d < best)) best = 2 + d;
      }
    }
    return best;
  }

  /** Where `w` is or would go in `sorted`. */
  private at(w: string): number {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.sorted[mid]! < w) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/** Two query words' scores: the worse tier, and the edits added. */
function combine(a: number, b: number): number {
  if (a < 2 && b < 2) return Math.max(a, b);
  return 2 + (a >= 2 ? a - 2 : 0) + (b >= 2 ? b - 2 : 0);
}
