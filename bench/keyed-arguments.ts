/**
 * One command that names many players at 10,000 entries (issue 21): a colour-up's leftovers and
 * a bag-and-tag's counts, dispatched in-process as floor staff; prints the time of each. Their
 * cost follows the players named (one copy of the field, replacedAllIn), not players x field.
 *
 * Run: npx tsx bench/keyed-arguments.ts [entries] [players named]   (default 10000 4000)
 * The 4,000-player bodies are 119 KB and 55 KB: past the 64 KiB HTTP body, so this is the
 * in-process bound; over HTTP a colour-up names at most about 2,200 players.
 */
import { seatedField } from './lib/field.js';

const entries = Number(process.argv[2] ?? 10_000);
const named = Number(process.argv[3] ?? 4000);
const field = seatedField('keyed', entries);
field.run({ type: 'settings.set', chipSet: [25, 100, 500, 1000, 5000] });

function time(label: string, command: Record<string, unknown>): void {
  const t0 = performance.now();
  const { status } = field.host.dispatch(command, { role: 'floor', id: 'bench' });
  console.log(`${label}: ${status}, ${(performance.now() - t0).toFixed(0)} ms, body ${JSON.stringify(command).length} bytes`);
}

const ids = Array.from({ length: named }, (_, i) => `e${i + 1}`);
time(`chips.colorUp, ${named} leftovers at ${entries} entries`, { type: 'chips.colorUp', denomination: 25, leftovers: ids.map((entryId) => ({ entryId, count: 3 })) });
field.run({ type: 'day.end' });
time(`day.bag, ${named} counts at ${entries} entries`, { type: 'day.bag', counts: Object.fromEntries(ids.map((id) => [id, 20_000])) });
field.registry.close();
field.db.$client.close();
