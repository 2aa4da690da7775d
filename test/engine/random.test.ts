/**
 * The seat draw's random stream (engine/random.ts): SHA-256 of the recorded seed followed by a
 * block counter, read as big-endian 32-bit numbers. A draw replays from the log only if this
 * stream never changes, whatever hashing call makes it. The numbers below were computed outside
 * Riffle, with Python's hashlib:
 *   struct.unpack('>8I', hashlib.sha256((seed + str(block)).encode()).digest())
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { seededRng } from '../../server/engine/random.js';

test('the stream is SHA-256(seed + block number), 8 numbers a block, as hashlib gives them', () => {
  const rng = seededRng('ab'.repeat(32));
  // int(2^32) takes a number as it is (no value is rejected, no modulo).
  const first = Array.from({ length: 10 }, () => rng.int(2 ** 32));
  assert.deepEqual(first, [2271707876, 1589911411, 3006210421, 4261533903, 2765752085, 77919354, 1887187966, 2910050128, 3713753155, 4104216728]);
});

test('int(n) is the number modulo n; a number in the biased top range is dropped', () => {
  const rng = seededRng('ab'.repeat(32));
  // 2271707876 mod 1000 = 876 (below 2^32 - 2^32 mod 1000 = 4294967000).
  assert.equal(rng.int(1000), 876);
  // n = 3,000,000,000: the top 1,294,967,296 values would favour small results. 1589911411 is
  // kept (1589911411); 3006210421 is at or above the limit 3,000,000,000 and dropped; 4261533903
  // too; 2765752085 is kept.
  assert.equal(rng.int(3_000_000_000), 1589911411);
  assert.equal(rng.int(3_000_000_000), 2765752085);
});

test('sample (engine 3) draws one number per item it takes: 2 of a..e from the stream above', () => {
  // Position 0 takes 0 + 2271707876 mod 5 = 1 ('b'; 'a' moves to 1); position 1 takes
  // 1 + 1589911411 mod 4 = 4 ('e').
  const rng = seededRng('ab'.repeat(32), 3);
  assert.deepEqual(rng.sample(['a', 'b', 'c', 'd', 'e'], 2), ['b', 'e']);
  assert.equal(rng.int(2 ** 32), 3006210421, 'two numbers were used, no more');
});

test('sample of a command recorded by engine 2 is the first k of a whole shuffle, as engine 2 drew it', () => {
  // The shuffle swaps 4<->1 (2271707876 mod 5 = 1), 3<->3 (1589911411 mod 4 = 3), 2<->1
  // (3006210421 mod 3 = 1), 1<->1 (4261533903 mod 2 = 1): a c e d b.
  const rng = seededRng('ab'.repeat(32), 2);
  assert.deepEqual(rng.sample(['a', 'b', 'c', 'd', 'e'], 2), ['a', 'c']);
  assert.equal(rng.int(2 ** 32), 2765752085, 'the whole shuffle used four numbers');
});

test('sample (engine 3) is uniform: each of the 20 ordered pairs of 5 items about 1 in 20', () => {
  const counts = new Map<string, number>();
  const N = 20_000;
  for (let i = 0; i < N; i++) {
    const key = seededRng(i.toString(16).padStart(64, '0'), 3).sample([1, 2, 3, 4, 5], 2).join('');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  assert.equal(counts.size, 20);
  // 1,000 expected each; sd = sqrt(20,000 * 1/20 * 19/20) = 31: 1,000 +- 150 is about 5 sd.
  for (const [pair, n] of counts) assert.ok(n > 850 && n < 1150, `${pair}: ${n}`);
  assert.deepEqual(seededRng('00'.repeat(32), 3).sample([1, 2, 3], 0), []);
  assert.throws(() => seededRng('00'.repeat(32), 3).sample([1, 2, 3], 4), RangeError);
});
