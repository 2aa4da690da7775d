/**
 * A reduced run of the crash harness (bench/crash.ts runs >= 100 kills): a real server in a
 * child process is SIGKILLed 5 times during 100 commands; nothing acknowledged may be lost,
 * the state must equal a replay of the log, the clock must be where the log says, screens
 * must catch up within 2 s and a screen that misses a patch must resync.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { crashRun } from '../../bench/lib/crash-run.js';
import { freePort } from '../../bench/lib/server-process.js';

describe('crash harness (reduced)', () => {
  it('survives 5 SIGKILLs during 100 commands', { timeout: 120_000 }, async () => {
    const seed = Date.now() % 100_000;
    const report = await crashRun({ kills: 5, commands: 100, port: await freePort(), screens: 3, seed });
    assert.deepEqual(report.failures, [], `seed ${seed}: ${JSON.stringify(report)}`);
    assert.ok(report.acknowledged >= 100, `only ${report.acknowledged} commands acknowledged`);
    assert.equal(report.gapResyncs, 5);
    assert.ok(report.maxScreenCatchUpMs <= 2000);
  });
});
