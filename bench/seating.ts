/**
 * Seating engine benchmark: `npx tsx bench/seating.ts`.
 *
 * 1. The random draw of 10,000 entries over 1,112 empty 9-seat tables (target < 50 ms).
 * 2. After a bust in a 1,000-table room: `bustEntry`, then `checkBalance` with its suggestion
 *    (target < 1 ms), and applying the suggested move.
 * Prints mean / p50 / p99 over the repetitions, after a warm-up.
 */
import { performance } from 'node:perf_hooks';
import { PRESETS } from '../server/engine/presets.js';
import { seededRng } from '../server/engine/random.js';
import {
  addTable,
  advanceButton,
  applyMove,
  bustEntry,
  checkBalance,
  checkBreak,
  createRoom,
  drawSeats,
  seatedAt,
  setButtonAllTables,
  tablesInOpenOrder,
  type Room,
} from '../server/engine/seating/index.js';

const rules = PRESETS['tda-2015-munkebjerg'].rules;

function stats(label: string, samples: number[], target?: number): void {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  const fmt = (ms: number) => (ms < 1 ? `${(ms * 1000).toFixed(1)} µs` : `${ms.toFixed(2)} ms`);
  const verdict = target === undefined ? '' : `  (target < ${fmt(target)}: ${at(0.99) < target ? 'ok' : 'MISSED'})`;
  const cols = [`n=${String(samples.length).padStart(5)}`, `mean ${fmt(mean).padStart(9)}`, `p50 ${fmt(at(0.5)).padStart(9)}`, `p99 ${fmt(at(0.99)).padStart(9)}`];
  console.log(`${label.padEnd(46)} ${cols.join('  ')}${verdict}`);
}

function emptyRoom(tables: number): Room {
  let room = createRoom();
  for (let i = 1; i <= tables; i++) room = addTable(room, { id: `T${i}`, number: i, seats: 9 });
  return room;
}

// 1. The draw.
{
  const entries = Array.from({ length: 10_000 }, (_, i) => `e${i}`);
  const t0 = performance.now();
  const empty = emptyRoom(1_112);
  console.log(`opening 1,112 tables: ${(performance.now() - t0).toFixed(1)} ms (once)`);
  const samples: number[] = [];
  for (let rep = 0; rep < 45; rep++) {
    const rng = seededRng(`draw-${rep}`);
    const start = performance.now();
    drawSeats(empty, entries, rng);
    const ms = performance.now() - start;
    if (rep >= 5) samples.push(ms); // the first runs warm up the JIT
  }
  stats('drawSeats: 10,000 entries at 1,112 tables', samples, 50);
}

// 2. A bust, the balance check with its suggestion, and the move.
{
  const rng = seededRng('balance-room');
  let room = emptyRoom(1_000);
  room = drawSeats(room, Array.from({ length: 8_500 }, (_, i) => `p${i}`), rng).room; // 500 tables of 9, 500 of 8
  room = setButtonAllTables(room, 1);
  for (const t of tablesInOpenOrder(room)) room = advanceButton(room, t.id);
  const eights = tablesInOpenOrder(room).filter((t) => t.players === 8);
  const bust: number[] = [];
  const check: number[] = [];
  const both: number[] = [];
  const move: number[] = [];
  const breakCheck: number[] = [];
  let suggested = 0;
  for (let rep = 0; rep < 3_000; rep++) {
    const table = eights[rep % eights.length]!;
    const victim = seatedAt(room.tables.get(table.id)!)[0]!.entryId;
    const t0 = performance.now();
    const after = bustEntry(room, victim);
    const t1 = performance.now();
    const result = checkBalance(after, rules);
    const t2 = performance.now();
    checkBreak(after, after.seatedCount, rules);
    const t3 = performance.now();
    if (result.suggestion) {
      suggested++;
      applyMove(after, result.suggestion.move);
      move.push(performance.now() - t3);
    }
    if (rep >= 200) {
      bust.push(t1 - t0);
      check.push(t2 - t1);
      both.push(t2 - t0);
      breakCheck.push(t3 - t2);
    }
  }
  if (suggested === 0) throw new Error('the scenario never needed a balance move');
  stats('bustEntry (1,000 tables, 8,500 players)', bust);
  stats('checkBalance + suggestion', check, 1);
  stats('bust + checkBalance + suggestion', both, 1);
  stats('checkBreak', breakCheck);
  stats('applyMove (the suggestion)', move);
}
