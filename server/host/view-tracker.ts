/**
 * The public views of one tournament as last published, and what a new state changed in them,
 * as protocol v2 operations (protocol/ops.ts).
 *
 * Cost follows the change: the engine's state is immutable and shares what a command did not
 * touch, and the views of the field (players, tables) reuse an item object for an entity that
 * did not change (engine/views memoise them), so the diff walks the collection comparing
 * references and serialises only the items that are new objects. A chip count at 10,000
 * entries serialises one player, not 10,000.
 */
import { TOPIC_VIEWS } from '../engine/views.js';
import { linesChanged } from '../engine/speed/views-changes.js';
import { ViewMemory } from '../engine/speed/view-memory.js';
import type { TournamentState } from '../engine/state.js';
import { COLLECTIONS, type MergeOp, type TopicOp } from '../protocol/ops.js';
import { TOPICS, type Topic, type WireViews } from '../protocol/views.js';

/** One topic's operation and its JSON, made once for every socket that gets it. */
export interface EncodedOp {
  topic: Topic;
  op: TopicOp;
  json: string;
}

const itemJson = new WeakMap<object, string>();

/** JSON of an item, cached per object (items are immutable). */
function jsonOf(value: unknown): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  let json = itemJson.get(value);
  if (json === undefined) {
    json = JSON.stringify(value);
    itemJson.set(value, json);
  }
  return json;
}

function same(a: unknown, b: unknown): boolean {
  return a === b || jsonOf(a) === jsonOf(b);
}

type Item = Record<string, unknown>;

/** What turns one collection into another: items put whole, patched (ops.ts MergeOp) or removed. */
export interface CollectionDiff {
  put: Item[];
  patch: Item[];
  del: string[];
}

/**
 * The patch from item `a` to item `b` (same key): the key and the fields that changed, a list
 * of the same length as the indexes that changed; null when a field went away (a patch cannot
 * remove one) or the whole item is shorter.
 */
export function itemPatch(a: Item, b: Item, key: string): Item | null {
  for (const name of Object.keys(a)) if (!Object.hasOwn(b, name)) return null;
  const patch: Item = { [key]: b[key] };
  for (const [name, value] of Object.entries(b)) {
    const old = a[name];
    if (old === value) continue;
    if (Array.isArray(old) && Array.isArray(value) && old.length === value.length) {
      const at: Item = {};
      let n = 0;
      for (let i = 0; i < value.length; i++) {
        if (old[i] !== value[i] && jsonOf(old[i]) !== jsonOf(value[i])) {
          at[i] = value[i];
          n++;
        }
      }
      if (n > 0) patch[name] = n * 2 <= value.length ? at : value;
    } else if (!same(old, value)) {
      patch[name] = value;
    }
  }
  return JSON.stringify(patch).length < jsonOf(b).length ? patch : null;
}

/** Records that `b` replaced `a` (same key): as a patch when that is shorter, else whole. */
function replaced(out: CollectionDiff, a: Item, b: Item, key: string): void {
  if (jsonOf(a) === jsonOf(b)) return;
  const patch = itemPatch(a, b, key);
  if (patch) out.patch.push(patch);
  else out.put.push(b);
}

/**
 * Puts, patches and dels that turn `before` into `after`, or null when `after` is not `before`
 * with items replaced in place, removed and appended at the end (then the whole list is sent).
 */
export function diffCollection(before: readonly Item[], after: readonly Item[], key: string): CollectionDiff | null {
  // The view said which lines it replaced or appended: only those are looked at.
  const hinted = linesChanged(before, after);
  if (hinted && after.length >= before.length) {
    const out: CollectionDiff = { put: [], patch: [], del: [] };
    for (const i of hinted) {
      const a = before[i];
      const b = after[i]!;
      if (a === b) continue;
      if (a === undefined) out.put.push(b);
      else if (a[key] !== b[key]) return diffWhole(before, after, key);
      else replaced(out, a, b, key);
    }
    return out;
  }
  return diffWhole(before, after, key);
}

function diffWhole(before: readonly Item[], after: readonly Item[], key: string): CollectionDiff | null {
  const out: CollectionDiff = { put: [], patch: [], del: [] };
  let i = 0;
  // The common case walks both lists once, comparing references.
  const n = Math.min(before.length, after.length);
  while (i < n) {
    const a = before[i]!;
    const b = after[i]!;
    if (a !== b) {
      if (a[key] !== b[key]) break;
      replaced(out, a, b, key);
    }
    i++;
  }
  if (i === before.length) {
    for (let j = i; j < after.length; j++) out.put.push(after[j]!);
    return out;
  }
  // Something was removed (or reordered) from position i on: only the rest is looked at.
  const afterKeys = new Set<unknown>();
  for (let j = i; j < after.length; j++) afterKeys.add(after[j]![key]);
  const kept: Item[] = [];
  for (let j = i; j < before.length; j++) {
    if (afterKeys.has(before[j]![key])) kept.push(before[j]!);
    else out.del.push(String(before[j]![key]));
  }
  for (let j = 0; j < kept.length; j++) {
    const next = after[i + j];
    if (!next || next[key] !== kept[j]![key]) return null;
    if (kept[j] !== next) replaced(out, kept[j]!, next, key);
  }
  for (let j = i + kept.length; j < after.length; j++) out.put.push(after[j]!);
  return out;
}

/** The merge operation from `before` to `after` of a topic with collections; null: unchanged. */
function diffMerge(topic: Topic, before: Item, after: Item): TopicOp | null {
  const spec = (COLLECTIONS as Partial<Record<Topic, Record<string, string>>>)[topic] ?? {};
  const op: MergeOp = { topic };
  const fields: Item = {};
  let changed = false;
  for (const name of Object.keys(before)) if (!Object.hasOwn(after, name)) return { topic, set: after as never };
  for (const [name, value] of Object.entries(after)) {
    const old = before[name];
    if (old === value) continue;
    const key = Object.hasOwn(spec, name) ? spec[name] : undefined;
    if (key && Array.isArray(old) && Array.isArray(value)) {
      const d = diffCollection(old as Item[], value as Item[], key);
      if (!d) {
        fields[name] = value;
        changed = true;
        continue;
      }
      if (d.put.length) (op.put ??= {})[name] = d.put;
      if (d.patch.length) (op.patch ??= {})[name] = d.patch;
      if (d.del.length) (op.del ??= {})[name] = d.del;
      if (d.put.length || d.patch.length || d.del.length) changed = true;
    } else if (!same(old, value)) {
      fields[name] = value;
      changed = true;
    }
  }
  if (!changed) return null;
  if (Object.keys(fields).length) op.fields = fields as never;
  return op;
}

/** The views of every topic, kept current from the engine state. */
export class ViewTracker {
  private readonly views = new Map<Topic, unknown>();
  /** Whole-topic JSON, made on demand for snapshots and kept until the topic changes. */
  private readonly json = new Map<Topic, string>();
  /** The views' memory of this tracker's tournament (engine/speed/view-memory.ts). */
  private readonly memory = new ViewMemory();

  constructor(state: TournamentState) {
    for (const topic of TOPICS) this.views.set(topic, TOPIC_VIEWS[topic](state, this.memory));
  }

  view<T extends Topic>(topic: T): WireViews[T] {
    return this.views.get(topic) as WireViews[T];
  }

  /** JSON of a topic's whole view (shared by every snapshot until the topic changes). */
  topicJson(topic: Topic): string {
    let json = this.json.get(topic);
    if (json === undefined) {
      json = JSON.stringify(this.views.get(topic));
      this.json.set(topic, json);
    }
    return json;
  }

  /** Takes a new state; returns what changed, one operation per changed topic. */
  update(state: TournamentState): EncodedOp[] {
    const ops: EncodedOp[] = [];
    for (const topic of TOPICS) {
      const before = this.views.get(topic);
      const after = TOPIC_VIEWS[topic](state, this.memory);
      if (after === before) continue;
      // The clock is sent whole (a few hundred bytes, read as one); every other topic as the
      // fields (and collection items) that changed.
      let op: TopicOp | null;
      if (topic === 'clock') {
        const json = JSON.stringify(after);
        if (json === this.topicJson(topic)) continue;
        this.views.set(topic, after);
        this.json.set(topic, json);
        ops.push({ topic, op: { topic, set: after }, json: `{"topic":"${topic}","set":${json}}` });
        continue;
      }
      op = diffMerge(topic, before as unknown as Item, after as unknown as Item);
      if (!op) continue;
      this.views.set(topic, after);
      this.json.delete(topic);
      ops.push({ topic, op, json: JSON.stringify(op) });
    }
    return ops;
  }
}
