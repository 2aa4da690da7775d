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

/** A collection being changed: its own copy of the items, and their positions. */
interface Draft {
  items: object[];
  /** Positions by key; shared with the array it was copied from until an item is removed. */
  index: Map<string, number>;
}

function draftOf(items: readonly object[], key: string): Draft {
  return { items: items.slice(), index: indexOf(items, key) };
}

/** Applies puts, patches and dels to a draft, in place. */
function change(d: Draft, key: string, put: readonly object[], del: readonly string[], patch: readonly object[]): void {
  const keyOf = (item: object) => String((item as Record<string, unknown>)[key]);
  // A position is trusted only when the item there has the key (a shared index also holds
  // positions of arrays made from the same one).
  const at = (k: string) => {
    const i = d.index.get(k);
    return i !== undefined && i < d.items.length && keyOf(d.items[i]!) === k ? i : undefined;
  };
  // Only a known item is patched (the server patches nothing else).
  for (const p of patch) {
    const i = at(keyOf(p));
    if (i !== undefined) d.items[i] = patchItem(d.items[i]!, p);
  }
  const appended: object[] = [];
  for (const item of put) {
    const i = at(keyOf(item));
    if (i !== undefined) d.items[i] = item;
    else appended.push(item);
  }
  if (del.length) {
    const gone = new Set(del);
    d.items = d.items.filter((item) => !gone.has(keyOf(item)));
    d.index = new Map(d.items.map((item, i) => [keyOf(item), i]));
  }
  // Appended items extend the index: positions past an older array's end are never taken
  // for it, as a lookup checks the key.
  for (const item of appended) d.index.set(keyOf(item), d.items.push(item) - 1);
}

function finished(d: Draft): object[] {
  indexes.set(d.items, d.index);
  return d.items;
}

/** Applies puts, patches and dels to one collection; returns a new array (the old one is not changed). */
export function applyCollection(
  items: readonly object[],
  key: string,
  put: readonly object[] = [],
  del: readonly string[] = [],
  patch: readonly object[] = [],
): object[] {
  const d = draftOf(items, key);
  change(d, key, put, del, patch);
  return finished(d);
}

/** The collections an operation changes by item. */
function collectionsOf(op: MergeOp): Set<string> {
  return new Set([...Object.keys(op.put ?? {}), ...Object.keys(op.patch ?? {}), ...Object.keys(op.del ?? {})]);
}

/** The topic's view after `op` (a new object; `view` is not changed). */
export function applyOp<T extends Topic>(view: WireViews[T] | undefined, op: TopicOp<T>): WireViews[T] {
  return applyTopicOps(view, [op]);
}

/**
 * The topic's view after each of `ops` in turn (a new object; `view` is not changed): what
 * applying them one by one gives, but a collection is copied once for all of them, not once
 * per operation (the stream's delayed feed brings a topic forward many changes at a time).
 */
export function applyTopicOps<T extends Topic>(view: WireViews[T] | undefined, ops: readonly TopicOp<T>[]): WireViews[T] {
  let current = view as Record<string, unknown> | undefined;
  const drafts = new Map<string, Draft>();
  for (const op of ops) {
    if ('set' in op) {
      current = op.set as unknown as Record<string, unknown>;
      drafts.clear();
      continue;
    }
    const next: Record<string, unknown> = { ...(current ?? {}), ...(op.fields ?? {}) };
    for (const field of Object.keys(op.fields ?? {})) drafts.delete(field);
    for (const name of collectionsOf(op)) {
      const key = collectionKey(op.topic, name);
      if (!key) continue;
      let d = drafts.get(name);
      if (!d) drafts.set(name, (d = draftOf(Array.isArray(next[name]) ? (next[name] as object[]) : [], key)));
      change(d, key, op.put?.[name] ?? [], op.del?.[name] ?? [], op.patch?.[name] ?? []);
      next[name] = d.items;
    }
    current = next;
  }
  for (const d of drafts.values()) finished(d);
  return current as unknown as WireViews[T];
}

/** Applies a patch's operations to a state of topics (a new object; `state` is not changed). */
export function applyOps(state: Readonly<Partial<WireViews>>, ops: readonly TopicOp[]): Partial<WireViews> {
  const next: Partial<WireViews> = { ...state };
  for (const op of ops) (next as Record<Topic, unknown>)[op.topic] = applyOp(next[op.topic] as never, op as never);
  return next;
}
