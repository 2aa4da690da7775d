/**
 * The venue's distinct words in order, kept in chunks of at most `CHUNK_MAX` words: adding or
 * removing a word moves the words of one chunk, not of the whole list (one array of 150,000
 * words moved them all for each new word, so a 5,000-row import into 100,000 players took
 * seconds). The start of a word is found by a binary search over the chunks' last words, then
 * in the chunk.
 */

const CHUNK_MAX = 512;

export class SortedWords {
  private chunks: string[][] = [];
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** Adds `w` (the caller knows it is not there yet). */
  add(w: string): void {
    if (this.chunks.length === 0) {
      this.chunks.push([w]);
      this.count = 1;
      return;
    }
    const c = Math.min(this.chunkOf(w), this.chunks.length - 1);
    const chunk = this.chunks[c]!;
    chunk.splice(lowerBound(chunk, w), 0, w);
    this.count++;
    if (chunk.length > CHUNK_MAX) this.chunks.splice(c + 1, 0, chunk.splice(chunk.length >>> 1));
  }

  /** Removes `w` if it is there. */
  delete(w: string): void {
    const c = this.chunkOf(w);
    const chunk = this.chunks[c];
    if (!chunk) return;
    const i = lowerBound(chunk, w);
    if (chunk[i] !== w) return;
    chunk.splice(i, 1);
    this.count--;
    if (chunk.length === 0) this.chunks.splice(c, 1);
  }

  /**
   * Calls `visit` with each word that starts with `prefix`, in order, while it returns true.
   * Returns false when `visit` stopped it.
   */
  eachStartingWith(prefix: string, visit: (w: string) => boolean): boolean {
    const first = this.chunkOf(prefix);
    for (let c = first; c < this.chunks.length; c++) {
      const chunk = this.chunks[c]!;
      for (let i = c === first ? lowerBound(chunk, prefix) : 0; i < chunk.length; i++) {
        const w = chunk[i]!;
        if (!w.startsWith(prefix)) return true;
        if (!visit(w)) return false;
      }
    }
    return true;
  }

  /** Calls `visit` with every word, in order, while it returns true; false when it stopped. */
  each(visit: (w: string) => boolean): boolean {
    for (const chunk of this.chunks) for (const w of chunk) if (!visit(w)) return false;
    return true;
  }

  /** The first chunk whose last word is not before `w` (the chunk `w` is in or would go in). */
  private chunkOf(w: string): number {
    let lo = 0;
    let hi = this.chunks.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const chunk = this.chunks[mid]!;
      if (chunk[chunk.length - 1]! < w) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

function lowerBound(xs: readonly string[], w: string): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (xs[mid]! < w) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
