/**
 * Protocol v2 patches: what changed in a topic, as operations, so a patch carries the change
 * and not the field. A topic is either replaced whole (`set`: the small topics, a few hundred
 * bytes) or, for the topics that hold a collection of the field (players, tables, the waiting
 * list), merged: changed fields, and items put or removed by key.
 *
 * `applyOp` is the one rule for applying an operation, used by the server (the stream's delayed
 * feed, the tests) and by the browser (client/collections.ts). Pure and dependency-free: this
 * module is part of the wire contract and imports nothing.
 */
import type { Topic, WireViews } from './views.js';

/**
 * The keyed collections of each topic: field name -> the key of its items. Items of a
 * collection keep their order: a put of a known key replaces the item in place, a put of a new
 * key appends it, a del removes it. (The server sends the whole collection instead, in
 * `fields`, whenever its order changed otherwise.)
 */
export const COLLECTIONS = {
  players: { entries: 'id' },
  seating: { tables: 'id', waiting: 'entryId' },
  payouts: { places: 'place' },
} as const satisfies Partial<Record<Topic, Record<string, string>>>;

export type CollectionTopic = keyof typeof COLLECTIONS;

/** The whole topic, replaced. */
export interface SetOp<T extends Topic = Topic> {
  topic: T;
  set: WireViews[T];
}

/**
 * Part of a topic: fields replaced, collection items put (by key), patched (by key) or removed
 * (by key). A patch carries an item's key and the fields that changed, each replaced, except
 * that an object given for a field that holds a list sets the list's elements at those indexes
 * (`{"id":"t7","players":8,"seats":{"4":{...}}}`: seat 5 of table t7 changed). The server
 * patches an item only when no field of it went away, and sends it whole when that is shorter.
 */
export interface MergeOp<T extends Topic = Topic> {
  topic: T;
  fields?: Partial<WireViews[T]>;
  put?: Record<string, object[]>;
  patch?: Record<string, object[]>;
  del?: Record<string, string[]>;
}

export type TopicOp<T extends Topic = Topic> = SetOp<T> | MergeOp<T>;

/** The key field of `collection` in `topic`, or undefined when it is not a keyed collection. */
export function collectionKey(topic: Topic, collection: string): string | undefined {
  const spec = (COLLECTIONS as Partial<Record<Topic, Record<string, string>>>)[topic];
  return spec && Object.hasOwn(spec, collection) ? spec[collection] : undefined;
}

/** Position of each item by key, cached per array (a patch that only replaces keeps it valid). */
const indexes = new WeakMap<readonly object[], Map<string, number>>();

function indexOf(items: readonly object[], key: string): Map<string, number> {
  let index = indexes.get(items);
  if (!index) {
    index = new Map();
    items.forEach((item, i) => index!.set(String((item as Record<string, unknown>)[key]), i));
    indexes.set(items, index);
  }
  return index;
}

/** An item with a patch's fields merged in (see MergeOp). */
export function patchItem(item: object, patch: object): object {
  const out: Record<string, unknown> = { ...item };
  for (const [field, value] of Object.entries(patch)) {
    const old = out[field];
    if (Array.isArray(old) && value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const list = old.slice();
      for (const [i, element] of Object.entries(value)) list[Number(i)] = element;
      out[field] = list;
    } else {
      out[field] = value;
    }
  }
  return out;
}

/** Applies puts, patches and dels to one collection; returns a new array (the old one is not changed). */
export function applyCollection(
  items: readonly object[],
  key: string,
  put: readonly object[] = [],
  del: readonly string[] = [],
  patch: readonly object[] = [],
): object[] {
  const index = indexOf(items, key);
  let next = items.slice();
  let reindex = false;
  for (const p of patch) {
    const k = String((p as Record<string, unknown>)[key]);
    const at = index.get(k);
    // Only a known item is patched (the server patches nothing else).
    if (at !== undefined && at < next.length && String((next[at] as Record<string, unknown>)[key]) === k) next[at] = patchItem(next[at]!, p);
  }
  const appended: object[] = [];
  for (const item of put) {
    const k = String((item as Record<string, unknown>)[key]);
    const at = index.get(k);
    if (at !== undefined && at < next.length && String((next[at] as Record<string, unknown>)[key]) === k) next[at] = item;
    else appended.push(item);
  }
  if (del.length) {
    const gone = new Set(del);
    next = next.filter((item) => !gone.has(String((item as Record<string, unknown>)[key])));
    reindex = true;
  }
  if (appended.length) {
    // Appended without removals: the index grows with them and is shared. (Positions past an
    // older array's end are never taken for it: a lookup checks the position and the key.)
    if (!reindex) appended.forEach((item, i) => index.set(String((item as Record<string, unknown>)[key]), next.length + i));
    next.push(...appended);
  }
  if (!reindex) indexes.set(next, index);
  return next;
}

/** The topic's view after `op` (a new object; `view` is not changed). */
export function applyOp<T extends Topic>(view: WireViews[T] | undefined, op: TopicOp<T>): WireViews[T] {
  if ('set' in op) return op.set;
  const next = { ...(view ?? {}), ...(op.fields ?? {}) } as Record<string, unknown>;
  const collections = new Set([...Object.keys(op.put ?? {}), ...Object.keys(op.patch ?? {}), ...Object.keys(op.del ?? {})]);
  for (const name of collections) {
    const key = collectionKey(op.topic, name);
    if (!key) continue;
    const items = Array.isArray(next[name]) ? (next[name] as object[]) : [];
    next[name] = applyCollection(items, key, op.put?.[name], op.del?.[name], op.patch?.[name]);
  }
  return next as unknown as WireViews[T];
}

/** Applies a patch's operations to a state of topics (a new object; `state` is not changed). */
export function applyOps(state: Readonly<Partial<WireViews>>, ops: readonly TopicOp[]): Partial<WireViews> {
  const next: Partial<WireViews> = { ...state };
  for (const op of ops) (next as Record<Topic, unknown>)[op.topic] = applyOp(next[op.topic] as never, op as never);
  return next;
}
