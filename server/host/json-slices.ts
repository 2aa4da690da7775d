/**
 * JSON.stringify in slices: the same text, byte for byte, made a little at a time, so that a
 * checkpoint of a 10,000-entry state (2.3 MB of JSON, 20-50 ms in one go) never holds the event
 * loop for more than a slice while commands go on. Sound only for a value nobody changes while
 * it is being serialised: the engine's states are immutable (a command returns new objects and
 * shares the rest), so the state of a seq can be written across many event-loop turns.
 *
 * It follows the algorithm of JSON.stringify (ECMA-262 SerializeJSONProperty, no replacer, no
 * indent): `toJSON(key)`, boxed primitives, `undefined`/functions/symbols skipped in objects and
 * `null` in arrays, non-finite numbers as `null`, a BigInt or a cycle a TypeError. Keys come
 * from Reflect.ownKeys and propertyIsEnumerable (Object.keys for a small object), which ask a
 * Proxy the same traps (ownKeys, getOwnPropertyDescriptor, get) as JSON.stringify does: the
 * chunked players record (server/engine/entries/players.ts) comes out as the plain record it
 * stands for, and its 10,000 keys are asked between pauses, not all at once.
 *
 * Speed: the spine of the value (small objects and arrays) is walked here; the elements of a
 * large container (LARGE or more elements or keys) that are objects without toJSON (and not
 * large arrays) go to the native JSON.stringify: one by one in an object, up to RUN at a time
 * (a slice) in an array. It can pause between any two of those. An element that holds a huge
 * value deeper down is serialised in one go (correct, just not sliced); the engine's state has
 * none. At 10,000 entries: 40 ms in all against 25 ms for JSON.stringify, in slices of 3 ms.
 *
 * (A cache of each element's JSON by object, reused by the next checkpoint for the elements a
 * later state shares, was tried and left out: its WeakMap of 30,000 objects made V8's
 * collections slower by more than it saved, 100-500 ms steps on the first checkpoint.)
 */

/** A container with at least this many elements or keys is walked element by element. */
const LARGE = 32;
/** How many elements of a large container between two looks at the clock. */
const CHECK_EVERY = 16;
/** At most this many small elements of a large array go to one JSON.stringify (of their slice). */
const RUN = 16;

export class JsonSlices {
  /** Text made and not yet taken (see `take`). */
  private buf = '';
  private deadline = Infinity;
  private maxPending = Infinity;
  private tick = 0;
  private readonly stack: object[] = [];
  private readonly gen: Generator<void, void, void>;
  private finished = false;
  /** Characters made so far (taken or not). */
  length = 0;

  constructor(value: unknown) {
    this.gen = this.top(value);
  }

  /**
   * Serialises until `budgetMs` have passed or `maxPending` characters wait to be taken (at the
   * next pause point), or to the end; true at the end.
   */
  step(budgetMs: number, maxPending = Infinity): boolean {
    if (this.finished) return true;
    this.deadline = performance.now() + budgetMs;
    this.maxPending = maxPending;
    this.finished = this.gen.next().done === true;
    return this.finished;
  }

  get done(): boolean {
    return this.finished;
  }

  /** Characters waiting to be taken. */
  get pending(): number {
    return this.buf.length;
  }

  /** The text made since the last take. */
  take(): string {
    const text = this.buf;
    this.buf = '';
    return text;
  }

  /** Everything at once (for close and tests): the whole JSON, or undefined as JSON.stringify gives. */
  static stringify(value: unknown): string | undefined {
    const slices = new JsonSlices(value);
    slices.step(Infinity);
    return slices.isUndefined ? undefined : slices.take();
  }

  private undefinedResult = false;

  /** True when the value has no JSON (undefined, a function, a symbol): JSON.stringify gives undefined. */
  get isUndefined(): boolean {
    return this.undefinedResult;
  }

  private emit(text: string): void {
    this.buf += text;
    this.length += text.length;
  }

  private *top(value: unknown): Generator<void, void, void> {
    const prepared = prepare('', value);
    if (skipped(prepared)) {
      this.undefinedResult = true;
      return;
    }
    yield* this.write(prepared);
  }

  /** Writes a prepared value that is not skipped (see `prepare`). */
  private *write(value: unknown): Generator<void, void, void> {
    if (value === null) return this.emit('null');
    switch (typeof value) {
      case 'boolean':
        return this.emit(value ? 'true' : 'false');
      case 'string':
      case 'number':
        return this.emit(JSON.stringify(value));
      case 'bigint':
        throw new TypeError('Do not know how to serialize a BigInt');
    }
    const object = value as object;
    if (this.stack.includes(object)) throw new TypeError('Converting circular structure to JSON');
    this.stack.push(object);
    if (Array.isArray(object)) {
      const list = object as unknown[];
      const large = list.length >= LARGE;
      this.emit('[');
      for (let i = 0; i < list.length; i++) {
        if (i > 0) this.emit(',');
        const item = list[i];
        const run = large ? this.nativeRun(list, i) : 0;
        if (run > 0) {
          // Elements i to i + run - 1, written by `nativeRun`.
          i += run - 1;
        } else {
          const prepared = prepare(String(i), item);
          if (skipped(prepared)) this.emit('null');
          else yield* this.write(prepared);
        }
        if (large && this.pause()) yield; // each turn of this loop: up to RUN elements
      }
      this.emit(']');
    } else {
      const record = object as Record<string, unknown>;
      // Reflect.ownKeys asks a Proxy its ownKeys trap only; Object.keys would also ask its
      // getOwnPropertyDescriptor trap for every key at once (6 ms for 10,000 players): for a
      // large object that is asked key by key below, between pauses. Same keys, same order.
      let keys: ReadonlyArray<string | symbol> = Reflect.ownKeys(record);
      const large = keys.length >= LARGE;
      if (!large) keys = Object.keys(record);
      this.emit('{');
      let first = true;
      for (const key of keys) {
        if (large && (typeof key !== 'string' || !isEnumerable.call(record, key))) continue;
        if (typeof key !== 'string') continue;
        const item = record[key];
        const native = large ? this.small(item) : undefined;
        if (native !== undefined) {
          this.emit(`${first ? '' : ','}${JSON.stringify(key)}:${native}`);
          first = false;
        } else {
          const prepared = prepare(key, item);
          if (!skipped(prepared)) {
            this.emit(`${first ? '' : ','}${JSON.stringify(key)}:`);
            first = false;
            yield* this.write(prepared);
          }
        }
        if (large && ++this.tick % CHECK_EVERY === 0 && this.pause()) yield;
      }
      this.emit('}');
    }
    this.stack.pop();
  }

  private pause(): boolean {
    return this.buf.length >= this.maxPending || performance.now() >= this.deadline;
  }

  /**
   * Writes natively the elements of a large array from `from` on that are small plain
   * containers, up to RUN of them in one JSON.stringify of their slice; how many (0: none).
   */
  private nativeRun(list: readonly unknown[], from: number): number {
    let end = from;
    while (end < list.length && end - from < RUN && isSmall(list[end])) end++;
    if (end === from) return 0;
    const json = JSON.stringify(list.slice(from, end));
    this.emit(json.slice(1, -1));
    return end - from;
  }

  /**
   * The JSON of an element of a large container, by the native JSON.stringify, if it is an
   * object without toJSON that is not large itself; undefined otherwise.
   */
  private small(item: unknown): string | undefined {
    return isSmall(item) ? JSON.stringify(item) : undefined;
  }
}

const isEnumerable = Object.prototype.propertyIsEnumerable;

/**
 * An element that JSON.stringify may write in one go: an object without toJSON, not an array of
 * LARGE or more elements. (Its keys are not counted: that cost more than the rest.)
 */
function isSmall(item: unknown): boolean {
  if (item === null || typeof item !== 'object') return false;
  if (typeof (item as { toJSON?: unknown }).toJSON === 'function') return false;
  return !Array.isArray(item) || item.length < LARGE;
}

/** SerializeJSONProperty's first steps: toJSON(key), then boxed primitives unboxed. */
function prepare(key: string, value: unknown): unknown {
  if ((typeof value === 'object' && value !== null) || typeof value === 'bigint') {
    const toJSON = (value as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function') value = toJSON.call(value, key);
  }
  if (typeof value === 'object' && value !== null) {
    if (value instanceof Number) return Number(value);
    if (value instanceof String) return String(value);
    if (value instanceof Boolean) return value.valueOf();
    if (value instanceof BigInt) return value.valueOf();
  }
  return value;
}

/** What JSON.stringify leaves out of an object (and writes as null in an array). */
function skipped(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}
