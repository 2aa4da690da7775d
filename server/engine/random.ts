/**
 * Deterministic randomness from a recorded seed.
 *
 * Seat draws must be uniform and unpredictable (TDA 2017 r6), yet explainable afterwards from
 * the command log. The shell draws a 256-bit seed from the operating system's cryptographic
 * source for every command and stores it with the command; the engine expands it with
 * SHA-256 in counter mode. Replaying the log gives the same draw, and nobody can predict the
 * next draw without the seed.
 */
import * as crypto from 'node:crypto';
import { ENGINE_VERSION } from './version.js';

export interface Rng {
  /** A uniform integer in [0, n), without modulo bias. */
  int(n: number): number;
  /** A uniformly shuffled copy (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[];
  /** One uniformly chosen item. */
  pick<T>(items: readonly T[]): T;
  /**
   * `k` of the items, uniformly chosen, in random order. From engine 3 on it draws `k` numbers
   * (a Fisher–Yates stopped after `k` steps, its swaps kept in a Map): a late entry at 1,000
   * tables draws one number for its table, not 1,000 for a shuffle of all of them. Commands of
   * engines 1 and 2 take the first `k` of a whole shuffle, as they did: a replay of their log
   * (a restart from a checkpoint and the log after it) deals the same seats.
   */
  sample<T>(items: readonly T[], k: number): T[];
}

/**
 * SHA-256 of a short text: the one-shot `crypto.hash` where Node has it (20.12 on; a seat draw
 * at 1,000 tables hashes ~125 blocks, and it takes half the time of a Hash object), the same
 * bytes as `createHash` otherwise.
 */
const sha256: (text: string) => Buffer =
  typeof crypto.hash === 'function'
    ? (text) => crypto.hash('sha256', text, 'buffer')
    : (text) => crypto.createHash('sha256').update(text).digest();

/**
 * @param engine the ENGINE_VERSION of the command the numbers are for (recorded with it in the
 *   log): a replay draws as the engine that applied it did.
 */
export function seededRng(seedHex: string, engine: number = ENGINE_VERSION): Rng {
  let counter = 0;
  let block: Buffer = Buffer.alloc(0);
  let offset = 0;
  const nextUint32 = (): number => {
    if (offset + 4 > block.length) {
      block = sha256(seedHex + String(counter++));
      offset = 0;
    }
    const v = block.readUInt32BE(offset);
    offset += 4;
    return v;
  };
  const int = (n: number): number => {
    if (!Number.isInteger(n) || n <= 0 || n > 2 ** 32) throw new RangeError(`rng.int: bad range ${n}`);
    // Rejection sampling: drop the top values that would make some results more likely.
    const limit = 2 ** 32 - (2 ** 32 % n);
    for (;;) {
      const v = nextUint32();
      if (v < limit) return v % n;
    }
  };
  const shuffle = <T>(items: readonly T[]): T[] => {
    const a = items.slice();
    for (let i = a.length - 1; i > 0; i--) {
      const j = int(i + 1);
      [a[i], a[j]] = [a[j]!, a[i]!];
    }
    return a;
  };
  return {
    int,
    shuffle,
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new RangeError('rng.pick: no items');
      return items[int(items.length)]!;
    },
    sample<T>(items: readonly T[], k: number): T[] {
      if (!Number.isInteger(k) || k < 0 || k > items.length) throw new RangeError(`rng.sample: ${k} of ${items.length}`);
      if (engine < 3) return shuffle(items).slice(0, k);
      // Position i takes a random one of positions i..n-1; `moved` holds what the swaps put where.
      const moved = new Map<number, T>();
      const at = (i: number): T => (moved.has(i) ? moved.get(i)! : items[i]!);
      const out: T[] = new Array(k);
      for (let i = 0; i < k; i++) {
        const j = i + int(items.length - i);
        out[i] = at(j);
        moved.set(j, at(i));
      }
      return out;
    },
  };
}

/**
 * `ctx.rng` for a command: the stream is made on first use and the same one is returned after.
 * `engine`: the ENGINE_VERSION the command was recorded with (the running one for a new command).
 */
export function lazyRng(seedHex: string, engine: number = ENGINE_VERSION): () => Rng {
  let rng: Rng | undefined;
  return () => (rng ??= seededRng(seedHex, engine));
}
