/**
 * Nobody on the Wi-Fi can stall the server (issue 21): every input that sizes a loop is capped
 * by its schema, and the anonymous structure tools cost what their body costs, once. Each case
 * is the attacking request of the probe, sent over HTTP to a real server: it gets a clear 400
 * quickly, /healthz answers meanwhile, and nothing changes.
 *
 * The time bound is generous (a loaded 2-core CI box): these answer in a few milliseconds
 * (docs/API.md "Limits"), and before the fix the suggestion never answered and the import took
 * 0.4-0.8 s of one thread per request.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { parseCommand } from '../../server/engine/apply.js';
import { errorCode } from '../helpers/engine.js';

/** Far above a few milliseconds, far below what the attacks cost before the fix. */
const BOUND_MS = 500;

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

/** POSTs `body` (already JSON) and answers status, body and elapsed time; gives up after 30 s. */
async function timedPost(path: string, body: unknown): Promise<{ status: number; body: any; ms: number }> {
  const text = JSON.stringify(body);
  assert.ok(Buffer.byteLength(text) <= 64 * 1024, `the attack must fit the 64 KiB body limit (${Buffer.byteLength(text)} bytes)`);
  const t0 = performance.now();
  const res = await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: text, signal: AbortSignal.timeout(30_000) });
  const json = await res.json();
  return { status: res.status, body: json, ms: performance.now() - t0 };
}

/**
 * Sends the attack from four connections at once (the probe's loop) while asking /healthz:
 * every attack gets `code` and /healthz answers, each within BOUND_MS.
 */
async function refusedQuickly(path: string, body: unknown, code: string, message?: RegExp) {
  const attacks = Array.from({ length: 4 }, () => timedPost(path, body));
  const t0 = performance.now();
  const health = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(30_000) });
  const healthMs = performance.now() - t0;
  assert.equal(health.status, 200);
  for (const answer of await Promise.all(attacks)) {
    assert.equal(answer.status, 400, JSON.stringify(answer.body));
    assert.equal(answer.body.error.code, code, answer.body.error.message);
    if (message) assert.match(answer.body.error.message, message);
    assert.ok(answer.ms < BOUND_MS, `answered in ${answer.ms.toFixed(0)} ms`);
  }
  assert.ok(healthMs < BOUND_MS, `/healthz answered in ${healthMs.toFixed(0)} ms during the attack`);
}

describe('POST /api/structures/suggest: the loop is sized by capped inputs', () => {
  const week = { players: 100, startingStack: 20_000, targetMinutes: 10_080 };

  it('a level of 5e-324 minutes (it hung the server for good) is refused: levels last at least a minute', async () => {
    await refusedQuickly('/api/structures/suggest', { ...week, levelMinutes: 5e-324 }, 'invalid-command', /levelMinutes: must be at least 1 minute/);
    await refusedQuickly('/api/structures/suggest', { ...week, levelMinutes: 1e-6 }, 'invalid-command', /levelMinutes/);
  });

  it('a week of 1-minute levels is more than a structure holds (200 items): refused, saying what to change', async () => {
    await refusedQuickly('/api/structures/suggest', { ...week, levelMinutes: 1 }, 'invalid-structure', /more than a structure holds \(200 levels and breaks\)/);
  });

  it('breaks of less than a minute and targets over a week are refused by the schema', async () => {
    await refusedQuickly('/api/structures/suggest', { ...week, levelMinutes: 60, breakMinutes: 1e-9 }, 'invalid-command', /breakMinutes/);
    await refusedQuickly('/api/structures/suggest', { ...week, targetMinutes: 10_081, levelMinutes: 60 }, 'invalid-command', /targetMinutes/);
  });

  it('the longest suggestion it may make is answered: a week of 51-minute levels, a 1-minute break after each 50', async () => {
    // 197 levels and 3 breaks fit (test/engine/setup/structure-suggest.test.ts works it out);
    // the ladder stops earlier where the blinds run out of steps, within the 200 items.
    const res = await timedPost('/api/structures/suggest', { players: 100_000, startingStack: 1e9, targetMinutes: 10_080, levelMinutes: 51, breakEvery: 50, breakMinutes: 1, chipSet: [1] });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.ok(res.body.structure.length >= 2 && res.body.structure.length <= 200, String(res.body.structure.length));
    assert.ok(res.ms < BOUND_MS, `answered in ${res.ms.toFixed(0)} ms`);
  });
});

describe('POST /api/structures/import: linear in the body', () => {
  // Valid JSON (a key may repeat) that is one item of 64 KiB of `"kind":0,` lines: the line
  // of each key was counted from the start of the text again, 0.4-0.8 s per request.
  const unit = '"kind":0,\n\n\n\n\n\n';
  const keys = Math.floor((64 * 1024 - 200) / (JSON.stringify(unit).length - 2));
  const repeatedKinds = `[{${unit.repeat(keys)}"minutes":1}]`;

  it(`${keys} repeated "kind" keys on their own lines: 400 invalid-structure-file at once`, async () => {
    await refusedQuickly('/api/structures/import', { text: repeatedKinds, format: 'json' }, 'invalid-structure-file');
  });

  it('1,500 JSON items: refused at the line of the 201st', async () => {
    const text = `[\n${Array.from({ length: 1500 }, () => '{"kind":"break","minutes":1}').join(',\n')}\n]`;
    await refusedQuickly('/api/structures/import', { text, format: 'json' }, 'invalid-structure-file', /^Line 202: a structure has at most 200 levels and breaks\.$/);
  });

  it('2,700 CSV rows: refused at the line of the 201st', async () => {
    const text = `kind,small_blind,big_blind,ante,ante_type,minutes,color_up\n${'level,25,50,0,none,20,\n'.repeat(2700)}`;
    await refusedQuickly('/api/structures/import', { text, format: 'csv' }, 'invalid-structure-file', /^Line 202: a structure has at most 200 levels and breaks\.$/);
  });

  it('a CSV header of 6,000 columns: refused at line 1, naming five of them', async () => {
    const text = `kind,minutes,${Array.from({ length: 6000 }, (_, i) => `c${i}`).join(',')}\nlevel,20\n`;
    await refusedQuickly('/api/structures/import', { text, format: 'csv' }, 'invalid-structure-file', /^Line 1: unknown columns "c0", "c1", "c2", "c3", "c4" and 5995 more;/);
    // Known columns only, but 10,000 of them: a column twice is refused before the parser reads on.
    await refusedQuickly('/api/structures/import', { text: `${'kind,'.repeat(10_000)}minutes\n`, format: 'csv' }, 'invalid-structure-file', /^Line 1: the column "kind" is there twice\.$/);
  });

  it('a text that is not a string, an unknown format or a long file name: 400 invalid-command', async () => {
    await refusedQuickly('/api/structures/import', { text: ['level'] }, 'invalid-command', /text/);
    await refusedQuickly('/api/structures/import', { text: 'kind,minutes\n', format: 'xlsx' }, 'invalid-command', /format/);
    await refusedQuickly('/api/structures/import', { text: 'kind,minutes\n', fileName: 'x'.repeat(300) }, 'invalid-command', /fileName/);
  });
});

describe('commands: what sizes a command\'s work is capped by its schema', () => {
  it('entry.bust with more tables or start stacks than busts (100 at most), and a colour-up naming a player twice: 400, nothing changes', async () => {
    const id = await server.createTournament();
    const seq = async () => ((await (await fetch(`${server.url}/api/tournaments/${id}`)).json()) as { seq: number }).seq;
    const before = await seq();
    const many = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`e${i + 1}`, 't1']));
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ type: 'entry.bust', entryIds: ['e1', 'e2'], tables: many }, /"tables" names more than 100 entries/],
      [{ type: 'entry.bust', entryIds: ['e1', 'e2'], startChips: Object.fromEntries(Object.keys(many).map((k) => [k, 100])) }, /"startChips" names more than 100 entries/],
      [{ type: 'chips.colorUp', denomination: 25, leftovers: [{ entryId: 'e1', count: 1 }, { entryId: 'e1', count: 2 }] }, /"leftovers" names an entry twice/],
    ];
    for (const [command, message] of cases) {
      const { status, body } = await server.command(id, command);
      assert.equal(status, 400, JSON.stringify(body));
      assert.equal(body.error.code, 'invalid-command');
      assert.match(body.error.message, message);
    }
    assert.equal(await seq(), before);
  });

  it('day.bag, deal.apply and deal.propose name at most a field of 10,000 entries (a bound in the schema, past the 64 KiB body)', () => {
    const field = (n: number, value: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`e${i + 1}`, value]));
    assert.equal(errorCode(() => parseCommand({ type: 'day.bag', counts: field(10_001, 1000) })), 'invalid-command');
    assert.doesNotThrow(() => parseCommand({ type: 'day.bag', counts: field(10_000, 1000) }));
    assert.equal(errorCode(() => parseCommand({ type: 'deal.apply', amounts: field(10_001, 100), confirmed: true })), 'invalid-command');
    assert.doesNotThrow(() => parseCommand({ type: 'deal.apply', amounts: field(10_000, 100), confirmed: true }));
    // The chips typed into the deal calculator: the same bound.
    assert.equal(errorCode(() => parseCommand({ type: 'deal.propose', chips: field(10_001, 1000) })), 'invalid-command');
    assert.doesNotThrow(() => parseCommand({ type: 'deal.propose', chips: field(10_000, 1000) }));
  });
});
