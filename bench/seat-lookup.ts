/**
 * The seat lookup's bytes at a big field (issue 23, item 5): what one lookup moves against the
 * topics the seat page used to follow (seating + players), at `entries` entries (10,000 by
 * default), built in-process (bench/lib/field.ts). The answer is the route's own body
 * (server/routes/seat.ts: the same index and search, the same JSON); HTTP headers (~200 bytes)
 * come on top. Also the time of the first lookup after a change (the index is made once per
 * seq) and of a lookup on a kept index. Shared CPU: the times are noisy, the bytes are not.
 *
 * Usage: npx tsx bench/seat-lookup.ts [entries=10000]
 */
import { rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { seatedField } from './lib/field.js';
import { lookupSeats, seatIndex } from '../server/routes/seat.js';

const ENTRIES = Number(process.argv[2] ?? 10_000);
const field = seatedField('seat-lookup', ENTRIES);
const host = field.host;
// Some players out, so the lookup also finds places.
for (let i = 0; i < 50; i++) field.run({ type: 'entry.bust', entryIds: [host.state.entries.entries[i]!.id] });

const topics = Buffer.byteLength(host.topicJsonFor('seating')) + Buffer.byteLength(host.topicJsonFor('players'));
const folds = new Map<string, string>();
let t0 = performance.now();
seatIndex(host.view('seating'), host.view('players'), folds);
const firstMs = performance.now() - t0;
// After a change (a bust): the names are folded already, the index is made again.
field.run({ type: 'entry.bust', entryIds: [host.state.entries.entries[60]!.id] });
t0 = performance.now();
const rows = seatIndex(host.view('seating'), host.view('players'), folds);
const indexMs = performance.now() - t0;

const queries = ['Player 1234', 'Player 98', 'player 5', 'ay', 'zz'];
console.log(`entries ${ENTRIES}: seating + players topics ${(topics / 1024).toFixed(0)} KiB; index of ${rows.length} names made in ${firstMs.toFixed(1)} ms (first), ${indexMs.toFixed(1)} ms after a bust`);
for (const q of queries) {
  const start = performance.now();
  const rounds = 20;
  let body = '';
  for (let i = 0; i < rounds; i++) body = JSON.stringify({ ok: true, seq: host.seq, ...lookupSeats(rows, q) });
  const ms = (performance.now() - start) / rounds;
  const answer = JSON.parse(body) as { matches: unknown[]; more: boolean };
  console.log(`  q=${JSON.stringify(q)}: ${answer.matches.length} matches${answer.more ? ' (more)' : ''}, ${Buffer.byteLength(body)} bytes, ${ms.toFixed(2)} ms a lookup`);
}
field.registry.close();
field.db.$client.close();
rmSync(field.dataDir, { recursive: true, force: true });
