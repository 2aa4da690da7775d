/**
 * The seat lookup's bytes at a big field (issue 23, item 5): what one lookup moves against the
 * topics the seat page used to follow (seating + players), at `entries` entries (10,000 by
 * default), built in-process (bench/lib/field.ts). The answer is the route's own body
 * (server/routes/seat.ts: the same index and search, the same JSON); HTTP headers (~200 bytes)
 * come on top. Also the time to make the index whole (once a host), to bring it up to date after
 * a change (the first lookup after each seq pays it) and of a lookup on a kept index. Shared CPU: the times are noisy, the bytes are not.
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
let t0 = performance.now();
const index = seatIndex(host.view('seating'), host.view('players'));
const firstMs = performance.now() - t0;
// After a change the index is brought up to date from the lines that changed (the route does
// this on the first lookup after each seq). Each change timed once, then 40 busts.
const after = (label: string, command: Record<string, unknown>) => {
  field.run(command);
  // The views are made when the change is published, whoever asks; only the index's work is timed.
  const seating = host.view('seating');
  const players = host.view('players');
  const start = performance.now();
  index.update(seating, players);
  return { label, ms: performance.now() - start };
};
const changes = [
  after('a bust', { type: 'entry.bust', entryIds: [host.state.entries.entries[60]!.id] }),
  after('a registration', { type: 'entry.add', name: 'Late Registration Player' }),
];
const busts: number[] = [];
for (let i = 0; i < 40; i++) busts.push(after('bust', { type: 'entry.bust', entryIds: [host.state.entries.entries[100 + i * 7]!.id] }).ms);
busts.sort((a, b) => a - b);
const rows = index;
// The check that the kept index answers as one made whole from the same views.
const whole = seatIndex(host.view('seating'), host.view('players'));
for (const q of ['player 1', 'ay', 'late', 'player 99']) {
  if (JSON.stringify(whole.lookup(q)) !== JSON.stringify(index.lookup(q))) throw new Error(`kept index differs on ${q}`);
}
const queries = ['Player 1234', 'Player 98', 'player 5', 'ay', 'zz'];
console.log(`entries ${ENTRIES}: seating + players topics ${(topics / 1024).toFixed(0)} KiB; index made whole in ${firstMs.toFixed(1)} ms (once a host); brought up to date in ${changes.map((c) => `${c.ms.toFixed(2)} ms after ${c.label}`).join(', ')}; 40 more busts: median ${busts[20]!.toFixed(2)} ms, worst ${busts[39]!.toFixed(2)} ms (a collection of garbage or the JIT)`);
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
