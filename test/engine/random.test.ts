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
