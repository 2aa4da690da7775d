/**
 * A tournament's view memory: the last list each view made, so the next one starts from it (a
 * command changes a few lines of 10,000). One per tournament, held by the host's view tracker
 * (host/view-tracker.ts) and passed to the views (engine/views.ts TOPIC_VIEWS): two trackers of
 * one tournament (the live feed and the stream's delayed one) or two tournaments never start
 * from each other's lists, and nothing of a tournament outlives its tracker. A view called
 * without one starts from nothing: the same view, made whole.
 *
 * Caches of a value kept on that value (slots.ts) are not memory of this kind: they die with
 * their key and are the same whoever asks.
 */
declare const typeOfKey: unique symbol;

/** A named entry of the memory; its type is the view's own. */
export interface MemoryKey<T> {
  readonly name: string;
  readonly [typeOfKey]?: T;
}

export function memoryKey<T>(name: string): MemoryKey<T> {
  return { name };
}

export class ViewMemory {
  readonly #entries = new Map<MemoryKey<unknown>, unknown>();

  get<T>(key: MemoryKey<T>): T | undefined {
    return this.#entries.get(key) as T | undefined;
  }

  set<T>(key: MemoryKey<T>, value: T): void {
    this.#entries.set(key, value);
  }
}
