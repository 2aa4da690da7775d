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
 * - Two neighbouring letters swapped ("lras" for Lars): each such swap of the query is looked
 *   up as a start too, since a short word's swap spoils every letter pair it has.
 * Typos allowed grow with the query word: none up to 3 letters, one up to 6, two beyond.
 * Several query words ("jan ber") must each fit one of his words.
 *
 * Every search runs on a `WorkBudget` (./work-budget.ts): each word looked at, each candidate
 * player scored and each edit distance spends steps, and a search whose budget runs out answers
 * the best it found so far with `partial` (a hostile query over a hostile venue of 100,000
 * random names took 2.4 s of the event loop before).
 *
 * Ranked: every query word starts one of his words (0), a part of a word (1), then 2 + the edits;
 * then by the word matched and his name. A hand-made index rather than Fuse.js (7.1): Fuse scores
 * every record on every query (O(n)); at 20,000 players of the bench's names it took p50 26 ms,
 * p99 78 ms a query, where this index took p50 0.7 ms, p99 12 ms in the same minutes (shared
 * CPU, load average 17-19; bench/player-search.ts, docs/BENCHMARKS.md).
 */
import { foldName } from '../protocol/fold.js';
import { PLAYER_MATCHES_MAX, PLAYER_QUERY_WORDS_MAX } from '../protocol/players.js';
import { SortedWords } from './sorted-words.js';
import { WorkBudget } from './work-budget.js';

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

/**
 * A search's steps and its time limit. The venue of the bench (20,000 players of real names)
 * takes a few thousand steps a query; the adversarial one (100,000 names of random `abcde`
 * words) more than a million for a query of five short words.
 */
export const SEARCH_MAX_STEPS = 200_000;
export const SEARCH_MAX_MS = 10;

export const searchBudget = () => new WorkBudget(SEARCH_MAX_STEPS, SEARCH_MAX_MS);

export interface SearchResult {
  ids: string[];
  /** More matched than the page: type more letters. */
  more: boolean;
  /** The budget ran out: these are the best found in it, not surely the best of all. */
  partial: boolean;
}

export class PlayerIndex {
  private readonly byId = new Map<string, Item>();
  /** Each distinct word and the players who have it. */
  private readonly owners = new Map<string, Set<Item>>();
  /** The distinct words, in order (the start of a word by binary search). */
  private readonly sorted = new SortedWords();
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
        this.sorted.add(w);
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
      this.sorted.delete(w);
      for (const g of pairs(w)) {
        const ws = this.pairIndex.get(g)!;
        ws.delete(w);
        if (!ws.size) this.pairIndex.delete(g);
      }
    }
  }

  /**
   * Ids of the best matches of `query` (2..40 letters, at most PLAYER_QUERY_WORDS_MAX words,
   * checked by the caller; more words are not looked at), best first, within `budget`.
   */
  search(query: string, limit = PLAYER_MATCHES_MAX, budget: WorkBudget = searchBudget()): SearchResult {
    const qWords = words(foldName(query)).slice(0, PLAYER_QUERY_WORDS_MAX);
    if (!qWords.length) return { ids: [], more: false, partial: false };
    // Each query word's fitting words, best first; the one with the fewest players leads.
    const fits = qWords.map((qw) => this.fitting(qw, budget));
    const owners = (f: { word: string }[]) => (budget.spend(f.length), f.reduce((n, x) => n + (this.owners.get(x.word)?.size ?? 0), 0));
    let lead = 0;
    for (let k = 1; k < fits.length; k++) if (owners(fits[k]!) < owners(fits[lead]!)) lead = k;
    const others = qWords.filter((_, k) => k !== lead);

    // Walk the lead's words best first; stop once `limit + 1` players are certain to be the best.
    const found: { item: Item; score: number; word: string }[] = [];
    const seen = new Set<Item>();
    walk: for (const { word, score } of fits[lead]!) {
      // Every player still to come ranks after the page (a total is never below its lead's score).
      const last = found[limit];
      if (last && (score > last.score || (score === last.score && word > last.word))) break;
      for (const item of this.owners.get(word) ?? []) {
        if (!budget.spend(1 + others.length * item.words.length)) break walk;
        if (seen.has(item)) continue;
        let total = score;
        for (const qw of others) {
          const s = this.scoreIn(qw, item, budget);
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
      budget.spend(found.length);
      found.sort((a, b) => a.score - b.score || byText(a.word, b.word) || byText(a.item.folded, b.item.folded) || byText(a.item.id, b.item.id));
      // Keep a little more than a page: enough to know there is more.
      if (found.length > limit + 1) found.length = limit + 1;
    }
    if (budget.out) found.sort((a, b) => a.score - b.score || byText(a.word, b.word) || byText(a.item.folded, b.item.folded) || byText(a.item.id, b.item.id));
    return { ids: found.slice(0, limit).map((f) => f.item.id), more: found.length > limit, partial: budget.out };
  }

  /**
   * The distinct words a query word fits, with its score (0 start, 1 inside, 2 + edits), best
   * first; those found before the budget ran out.
   */
  private fitting(qw: string, budget: WorkBudget): { word: string; score: number }[] {
    // Tiers kept apart: the starts and the insides come in order from the sorted words, so only
    // the typo tiers (few, each charged) are sorted.
    const starts: string[] = [];
    const inside: string[] = [];
    const typoed = new Map<string, number>();
    const has = new Set<string>();
    this.sorted.eachStartingWith(qw, (w) => (starts.push(w), has.add(w), budget.spend()));
    if (qw.length >= 2) this.sorted.each((w) => (!has.has(w) && w.includes(qw) && (inside.push(w), has.add(w)), budget.spend()));
    const typos = typosAllowed(qw.length);
    if (typos > 0) {
      // Two neighbouring letters swapped: one edit.
      for (let i = 0; i + 1 < qw.length; i++) {
        if (qw[i] === qw[i + 1]) continue;
        const swapped = qw.slice(0, i) + qw[i + 1] + qw[i] + qw.slice(i + 2);
        this.sorted.eachStartingWith(swapped, (w) => (has.has(w) || (typoed.set(w, 3), has.add(w)), budget.spend()));
      }
      // An edit spoils at most two pairs, a swap of two letters three; and a letter left out or
      // added moves the pairs after it by one.
      const need = Math.max(1, qw.length - 1 - 3 * typos);
      const counts = new Map<string, number>();
      for (let i = 0; i + 1 < qw.length && i < PAIR_REACH + typos; i++) {
        const pair = qw.slice(i, i + 2);
        const near = new Set<string>();
        for (let at = Math.max(0, i - typos); at <= i + typos && at < PAIR_REACH; at++) {
          for (const w of this.pairIndex.get(pair + at) ?? []) {
            if (!budget.spend(2)) break;
            near.add(w);
          }
        }
        for (const w of near) counts.set(w, (counts.get(w) ?? 0) + 1);
      }
      for (const [w, n] of counts) {
        if (n < need || has.has(w)) continue;
        if (!budget.spend(8)) break;
        const d = prefixDistance(qw, w, typos);
        if (d <= typos) typoed.set(w, 2 + d);
      }
    }
    const rest = [...typoed].map(([word, score]) => ({ word, score }));
    budget.spend(rest.length * 4);
    rest.sort((a, b) => a.score - b.score || byText(a.word, b.word));
    return [...starts.map((word) => ({ word, score: 0 })), ...inside.map((word) => ({ word, score: 1 })), ...rest];
  }

  /** How a query word fits one player's words (as `fitting`), or null. */
  private scoreIn(qw: string, item: Item, budget: WorkBudget): number | null {
    const typos = typosAllowed(qw.length);
    let best: number | null = null;
    for (const w of item.words) {
      if (w.startsWith(qw)) return 0;
      if (w.includes(qw)) best = 1;
      else if (typos > 0 && best === null) {
        budget.spend(8);
        const d = prefixDistance(qw, w, typos);
        if (d <= typos && (best === null || 2 + d < best)) best = 2 + d;
      }
    }
    return best;
  }
}

/** Two query words' scores: the worse tier, and the edits added. */
function combine(a: number, b: number): number {
  if (a < 2 && b < 2) return Math.max(a, b);
  return 2 + (a >= 2 ? a - 2 : 0) + (b >= 2 ? b - 2 : 0);
}
