/**
 * A cache kept on its object (server/engine/slots.ts) is invisible to everything that reads the
 * object as data: JSON, spreads, Object.keys, deepStrictEqual. An object that cannot take a
 * property still has its cache.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { slot } from '../../server/engine/speed/slots.js';

describe('slot: a cache on the object it is about', () => {
  it('gives back what was set for an object, and nothing for another', () => {
    const views = slot<object, { n: number }>('view');
    const a = { id: 'a' };
    const b = { id: 'a' };
    views.set(a, { n: 1 });
    assert.deepEqual(views.get(a), { n: 1 });
    assert.equal(views.get(b), undefined, 'an equal object is another key');
    views.set(a, { n: 2 });
    assert.deepEqual(views.get(a), { n: 2 }, 'set again: replaced');
  });

  it('two slots with the same name do not share', () => {
    const one = slot<object, string>('same');
    const two = slot<object, string>('same');
    const key = {};
    one.set(key, 'one');
    assert.equal(two.get(key), undefined);
    two.set(key, 'two');
    assert.equal(one.get(key), 'one');
  });

  it('is not part of the object as data: JSON, keys, spreads, deep equality', () => {
    const cache = slot<object, unknown>('cache');
    const state = { seq: 3, entries: [{ id: 'e1' }] };
    const list = state.entries;
    cache.set(state, { big: 'x'.repeat(100) });
    cache.set(list, 'lines');
    assert.equal(JSON.stringify(state), '{"seq":3,"entries":[{"id":"e1"}]}');
    assert.deepEqual(Object.keys(state), ['seq', 'entries']);
    assert.deepStrictEqual(state, { seq: 3, entries: [{ id: 'e1' }] });
    assert.deepStrictEqual(list, [{ id: 'e1' }]);
    const copy = { ...state, seq: 4 };
    assert.equal(cache.get(copy), undefined, 'an object made by a spread starts without the cache');
    assert.equal(cache.get(list.slice()), undefined, 'so does a copied list');
    assert.equal(cache.get(state) !== undefined && cache.get(list), 'lines');
  });

  it('keeps the cache of a frozen object, or of a Proxy that refuses new properties, aside', () => {
    const cache = slot<object, number>('cache');
    const frozen = Object.freeze({ a: 1 });
    const refusing = new Proxy({}, { defineProperty: () => false });
    cache.set(frozen, 1);
    cache.set(refusing, 2);
    assert.equal(cache.get(frozen), 1);
    assert.equal(cache.get(refusing), 2);
    assert.equal(Object.getOwnPropertySymbols(frozen).length, 0);
  });
});
