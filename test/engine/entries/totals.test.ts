/**
 * The field's totals follow the change (entries/totals.ts): whatever way a list was made from
 * another (recorded replacements and appends, a plain copy compared by reference, or a list
 * never seen), its totals equal a count over every entry made by hand here.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { setImmediate as tick } from 'node:timers/promises';
import type { Entry } from '../../../server/engine/entries/model.js';
import { appendedTo, changesSince, entryAt, entryTotals, replacedAllIn, replacedIn } from '../../../server/engine/entries/totals.js';

function entry(i: number, over: Partial<Entry> = {}): Entry {
  return { id: `e${i + 1}`, playerId: `p${i + 1}`, status: 'active', n: 1, at: 0, stack: 100, chips: 100, rebuys: 0, addons: 0, ...over };
}

/** The totals counted the plain way, one entry at a time. */
function byHand(list: readonly Entry[]) {
  const placed = new Map<number, number>();
  for (const x of list) if (x.place !== undefined) for (let p = x.place; p <= (x.placeTo ?? x.place); p++) placed.set(p, (placed.get(p) ?? 0) + 1);
  return {
    active: list.filter((x) => x.status === 'active').length,
    reentries: list.filter((x) => x.n > 1).length,
    rebuys: list.reduce((s, x) => s + x.rebuys, 0),
    addons: list.reduce((s, x) => s + x.addons, 0),
    own: list.filter((x) => x.fromFlight === undefined).length,
    prizes: list.reduce((s, x) => s + (x.prize ?? 0), 0),
    prized: list.filter((x) => (x.prize ?? 0) > 0).length,
    removed: list.filter((x) => x.afterHand !== undefined).length,
    placed: [...placed].sort((a, b) => a[0] - b[0]),
  };
}

function seen(list: readonly Entry[]) {
  const t = entryTotals(list);
  return { ...t, placed: [...t.placed].sort((a, b) => a[0] - b[0]) };
}

const step = fc.oneof(
  fc.record({ kind: fc.constant('bust' as const), at: fc.nat(), place: fc.integer({ min: 1, max: 30 }), tie: fc.nat(2), prize: fc.nat(500) }),
  fc.record({ kind: fc.constant('back' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('dq' as const), at: fc.nat(), hand: fc.nat(20) }),
  fc.record({ kind: fc.constant('rebuy' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('add' as const), n: fc.integer({ min: 1, max: 3 }), flight: fc.boolean() }),
  fc.record({ kind: fc.constant('copy' as const) }),
  // Several at once (a colour-up, a bag-and-tag): one copy of the list, the same totals.
  fc.record({ kind: fc.constant('many' as const), at: fc.array(fc.nat(), { maxLength: 12 }) }),
);

describe('entry totals follow the change', () => {
  it('equal a count by hand after any sequence of changes, counted at every step or only at the end', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.array(step, { maxLength: 40 }), fc.boolean(), (size, steps, countEvery) => {
        let list: Entry[] = Array.from({ length: size }, (_, i) => entry(i));
        entryTotals(list);
        for (const s of steps) {
          const pick = (at: number) => list[at % list.length]!;
          if (s.kind === 'bust') {
            const x = pick(s.at);
            list = replacedIn(list, { ...x, status: 'busted', chips: 0, place: s.place, placeTo: s.place + s.tie, prize: s.prize });
          } else if (s.kind === 'dq') {
            list = replacedIn(list, { ...pick(s.at), status: 'busted', out: 'disqualified', chips: 0, afterHand: s.hand });
          } else if (s.kind === 'back') {
            const { place: _p, placeTo: _t, prize: _z, afterHand: _h, ...x } = pick(s.at);
            list = replacedIn(list, { ...x, status: 'active' });
          } else if (s.kind === 'rebuy') {
            const x = pick(s.at);
            list = replacedIn(list, { ...x, rebuys: x.rebuys + 1, addons: x.addons + 1 });
          } else if (s.kind === 'many') {
            list = replacedAllIn(list, s.at.map((at) => { const x = pick(at); return { ...x, status: 'busted' as const, chips: 0, rebuys: x.rebuys + 1 }; }));
          } else if (s.kind === 'add') {
            list = appendedTo(list, entry(list.length, { n: s.n, ...(s.flight ? { fromFlight: 'f1' } : {}) }));
          } else {
            // Made without a record (as `map` does): found by comparing references.
            list = list.map((x, i) => (i === 0 ? { ...x, chips: x.chips + 1 } : x));
          }
          if (countEvery) assert.deepEqual(seen(list), byHand(list));
        }
        assert.deepEqual(seen(list), byHand(list));
      }),
      { numRuns: 300 },
    );
  });

  it('a list reordered or shortened is counted whole, and correctly', () => {
    const list = Array.from({ length: 10 }, (_, i) => entry(i, i < 3 ? { status: 'busted', place: 10 - i, prize: 5 } : {}));
    entryTotals(list);
    const reversed = [...list].reverse();
    assert.equal(changesSince(list, reversed), null);
    assert.deepEqual(seen(reversed), byHand(reversed));
    const shorter = list.slice(2);
    assert.deepEqual(seen(shorter), byHand(shorter));
    assert.equal(seen(shorter).active, 7);
  });

  it('finds an entry by id wherever it is, and says when there is none', () => {
    const list = [entry(1), entry(0), { ...entry(5), id: 'x9' }];
    assert.equal(entryAt(list, 'e1')?.playerId, 'p1');
    assert.equal(entryAt(list, 'e2')?.playerId, 'p2');
    assert.equal(entryAt(list, 'x9')?.playerId, 'p6');
    assert.equal(entryAt(list, 'e3'), undefined);
    assert.equal(entryAt(list, 'e'), undefined);
  });

  it('a long chain of lists made in one go (a replay) keeps only a few steps of notes', () => {
    let list: Entry[] = Array.from({ length: 100 }, (_, i) => entry(i));
    entryTotals(list);
    for (let k = 0; k < 5000; k++) list = replacedIn(list, { ...list[k % 100]!, chips: k, rebuys: k % 3 });
    assert.deepEqual(seen(list), byHand(list), 'counted whole or from the notes, the same totals');
  });

  it('a list does not keep the lists it was made from alive (a long tournament makes 100,000 of them)', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    let list: Entry[] = Array.from({ length: 1000 }, (_, i) => entry(i));
    entryTotals(list);
    const first = new WeakRef(list);
    for (let k = 0; k < 50; k++) {
      list = replacedIn(list, { ...list[k]!, chips: k });
      entryTotals(list);
    }
    // Past the ring of recent lists: only `list` is held. (In one synchronous job, as a replay
    // runs, so nothing may rely on WeakRefs being cleared between lists.)
    gc();
    await tick();
    gc();
    assert.equal(first.deref(), undefined, 'the first list was collected');
    assert.equal(entryTotals(list).active, 1000);
  });
});

