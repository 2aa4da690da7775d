/**
 * A small persistent (immutable) string-keyed map for the seating room.
 *
 * Why not a plain `Map` copied on every change: a 10,000-player room would copy 10,000 entries
 * for every bust and every move. The keys are spread over a fixed number of shards; a change
 * copies the shard array (SHARDS pointers) and one shard (about size / SHARDS entries), and
 * every other shard is shared with the previous version. Batches copy each touched shard once.
 */

const SHARDS = 64;

/** FNV-1a over UTF-16 code units: fast, and good enough to spread ids like `e-1234`. */
function shardOf(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % SHARDS;
}

/** The writable view handed to `PMap.batch`; it exists only during the batch callback. */
export interface PMapDraft<V> {
  get(key: string): V | undefined;
  set(key: string, value: V): void;
  delete(key: string): void;
}

export class PMap<V> {
  private constructor(
    private readonly _shards: readonly ReadonlyMap<string, V>[],
    /** Number of keys. */
    readonly size: number,
  ) {}

  static empty<V>(): PMap<V> {
    const none: ReadonlyMap<string, V> = new Map();
    return new PMap<V>(Array.from({ length: SHARDS }, () => none), 0);
  }

  get(key: string): V | undefined {
    return this._shards[shardOf(key)]!.get(key);
  }

  has(key: string): boolean {
    return this._shards[shardOf(key)]!.has(key);
  }

  set(key: string, value: V): PMap<V> {
    return this.batch((d) => d.set(key, value));
  }

  delete(key: string): PMap<V> {
    return this.has(key) ? this.batch((d) => d.delete(key)) : this;
  }

  /** Applies many changes, copying each touched shard once; returns the new version. */
  batch(change: (draft: PMapDraft<V>) => void): PMap<V> {
    const shards = this._shards.slice();
    const copied = new Set<number>();
    let size = this.size;
    const writable = (i: number): Map<string, V> => {
      if (!copied.has(i)) {
        shards[i] = new Map(shards[i]!);
        copied.add(i);
      }
      return shards[i] as Map<string, V>;
    };
    change({
      get: (key) => shards[shardOf(key)]!.get(key),
      set: (key, value) => {
        const m = writable(shardOf(key));
        if (!m.has(key)) size++;
        m.set(key, value);
      },
      delete: (key) => {
        const i = shardOf(key);
        if (!shards[i]!.has(key)) return;
        writable(i).delete(key);
        size--;
      },
    });
    return copied.size === 0 ? this : new PMap(shards, size);
  }

  /** The shards, for callers that cache work per shard (a shard not touched keeps its object). */
  shards(): readonly ReadonlyMap<string, V>[] {
    return this._shards;
  }

  *entries(): IterableIterator<[string, V]> {
    for (const shard of this._shards) yield* shard.entries();
  }

  *values(): IterableIterator<V> {
    for (const shard of this._shards) yield* shard.values();
  }
}
