/**
 * Crash harness: >= 100 SIGKILLs of a real server during a scripted tournament, each followed
 * by a restart and the checks listed in bench/lib/crash-run.ts. Results: docs/RELIABILITY.md.
 * Run: npx tsx bench/crash.ts [kills=100] [commands=1000] [seed=42]
 */
import { machine } from './lib/server-process.js';
import { crashRun } from './lib/crash-run.js';

const [kills = 100, commands = 1000, seed = 42] = process.argv.slice(2).map(Number);
console.log(`# crash: ${machine()}`);
const report = await crashRun({ kills, commands, seed, port: Number(process.env.BENCH_PORT ?? 18710), log: (l) => console.log(l) });
console.log(JSON.stringify(report, null, 2));
process.exit(report.failures.length ? 1 : 0);
