/** Token buckets per client (server/net/client-buckets.ts), with a clock moved by hand. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ClientBuckets } from '../../server/net/client-buckets.js';

describe('client buckets', () => {
  it('takes up to the burst, then refills at the rate', () => {
    let now = 0;
    const buckets = new ClientBuckets(20, 60, () => now);
    let taken = 0;
    while (buckets.take('a')) taken++;
    assert.equal(taken, 60);
    now += 500; // 10 tokens
    taken = 0;
    while (buckets.take('a')) taken++;
    assert.equal(taken, 10);
    assert.equal(buckets.take('b'), true, 'another client has its own');
  });

  it('goes into debt by a charge, and says how long until it is paid back', () => {
    let now = 0;
    const buckets = new ClientBuckets(1000, 2000, () => now);
    buckets.charge('a', 5000); // 2,000 - 5,000 = -3,000
    assert.equal(buckets.tokens('a'), -3000);
    assert.equal(buckets.waitMs('a'), 3000);
    now += 3000;
    assert.equal(buckets.waitMs('a'), 0);
  });

  it('forgets clients whose bucket is full again, and only those', () => {
    let now = 0;
    const buckets = new ClientBuckets(1, 10, () => now);
    buckets.charge('debtor', 100);
    for (let i = 0; i < 1100; i++) buckets.take(`client ${i}`);
    now += 60_000; // the 1,100 are full again; the debtor is not (100 s to pay back)
    for (let i = 0; i < 1100; i++) buckets.take(`later ${i}`);
    assert.ok(buckets.size < 1300, `${buckets.size} buckets kept`);
    assert.ok(buckets.tokens('debtor') < 0, 'the debtor is remembered');
  });
});
