/**
 * A cache kept on the object it is about, as a hidden property, instead of in a WeakMap.
 *
 * The engine caches what it derives from a state per object of that state (the players view of
 * a ledger, the room of a seating snapshot, the seating view of a seating). A WeakMap holds
 * such a cache for exactly as long as its key lives, but V8's young-generation collector (the
 * scavenger, several times a second at 10,000 entries) keeps every WeakMap value it meets
 * alive, whether its key is dead or not, and only a full collection drops them. So each
 * command's views, lists and rooms outlived their state, were copied by the scavenger and then
 * moved to the old generation, to be freed by full collections in the path of a command's
 * answer (measured: docs/BENCHMARKS.md, "Fifth round"). A property on the key dies with it like
 * any other field: a state nobody holds is garbage at the next scavenge, its caches with it.
 *
 * The property has a private symbol for a name and is not enumerable: JSON.stringify, the
 * checkpoint's sliced JSON, `{...spread}`, Object.keys and deepStrictEqual do not see it, so a
 * state with caches is the same state, and an object made from it by a spread starts without
 * them. An object that cannot take a property (frozen, sealed, a Proxy that refuses) keeps its
 * cache in a WeakMap instead.
 *
 * Use it for objects made per command with a cache of their own (a state's ledger, seating,
 * room); keep a WeakMap for small values on objects many commands share (one line per entry),
 * where adding a property to every entry would cost more than it saves.
 */
export interface Slot<K extends object, V> {
  get(key: K): V | undefined;
  set(key: K, value: V): void;
}

export function slot<K extends object, V>(name: string): Slot<K, V> {
  const symbol = Symbol(name);
  const refused = new WeakMap<K, V>();
  return {
    get(key) {
      const value = (key as Record<symbol, V | undefined>)[symbol];
      return value !== undefined ? value : refused.get(key);
    },
    set(key, value) {
      if (!Reflect.defineProperty(key, symbol, { value, writable: true, configurable: true, enumerable: false })) refused.set(key, value);
    },
  };
}
