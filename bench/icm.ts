/**
 * ICM timing: icmEquity for 9 and 10 players (exact) and larger fields, N runs each with random
 * stacks and a realistic final-table payout list; prints mean and p99 in ms. Also measures the
 * Monte Carlo error against the exact method. Run: npx tsx bench/icm.ts [runs]
 */
import { icmEquity } from '../server/engine/money/icm.js';
import { payoutsFor, prizePool } from '../server/engine/money/payouts.js';
import { seededRng } from '../server/engine/random.js';

const runs = Number(process.argv[2] ?? 2000);

// Reproducible stacks: a small seeded generator (bench only; the engine takes its rng as input).
let seed = 0x9e3779b9;
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const stacksFor = (n: number): number[] => Array.from({ length: n }, () => 20_000 + Math.floor(random() * 2_000_000));

// A 180-entry, 100.00 buy-in event pays 27; the final table plays for the top places.
const { pool } = prizePool({ entries: 180, buyIn: 10_000 });
const allPayouts = payoutsFor(pool, 180, undefined, 500);

function timeIt(label: string, n: number, times: number, run: (stacks: number[]) => void): void {
  const ms: number[] = [];
  for (let i = 0; i < Math.min(50, times); i++) run(stacksFor(n)); // warm-up
  for (let i = 0; i < times; i++) {
    const stacks = stacksFor(n);
    const t0 = performance.now();
    run(stacks);
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  const mean = ms.reduce((a, b) => a + b, 0) / ms.length;
  const p99 = ms[Math.min(ms.length - 1, Math.floor(ms.length * 0.99))]!;
  console.log(`${label.padEnd(38)} runs ${String(times).padStart(5)}  mean ${mean.toFixed(3).padStart(8)} ms  p99 ${p99.toFixed(3).padStart(8)} ms`);
}

console.log(`node ${process.version}, payouts of places 1-10: ${allPayouts.slice(0, 10).join(' ')}`);
timeIt('9 players, exact', 9, runs, (s) => icmEquity(s, allPayouts.slice(0, 9)));
timeIt('10 players, exact', 10, runs, (s) => icmEquity(s, allPayouts.slice(0, 10)));
timeIt('16 players, exact', 16, Math.max(20, runs / 10), (s) => icmEquity(s, allPayouts.slice(0, 16)));
timeIt('27 players, Monte Carlo 50k samples', 27, 10, (s) => icmEquity(s, allPayouts, { rng: seededRng('bench').int }));

// Monte Carlo error against the exact values (same stacks), in cents and relative to 2nd prize.
for (const n of [12, 16]) {
  let worst = 0;
  for (let k = 0; k < 5; k++) {
    const stacks = stacksFor(n);
    const payouts = allPayouts.slice(0, n);
    const exact = icmEquity(stacks, payouts, { exactUpTo: 20 });
    const mc = icmEquity(stacks, payouts, { exactUpTo: 0, rng: seededRng(`err${k}`).int });
    worst = Math.max(worst, ...mc.map((e, i) => Math.abs(e - exact[i]!)));
  }
  console.log(`MC (50k samples) vs exact, ${n} players: worst error ${worst} cents = ${((100 * worst) / allPayouts[1]!).toFixed(3)}% of 2nd prize`);
}
