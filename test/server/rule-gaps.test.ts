/**
 * Issue 26 over a real server on a loopback port: the set-up warning for rebuys under the ONK
 * preset ("TDA REGEL 27: Rebuy — N.V.T voor het ONK Poker") is said and never refuses; a misdeal
 * with no hand in play is answered with the error naming the rule and changes nothing.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sampleTournament } from '../../server/sample.js';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../helpers/server.js';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(async () => {
  await server.close();
});

const auth = { authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'content-type': 'application/json' };
const rebuy = { price: 5_000, chips: 20_000, untilIndex: 3 };

async function create(preset: string, withRebuy: boolean): Promise<{ status: number; body: any }> {
  const input = sampleTournament();
  const res = await fetch(`${server.url}/api/tournaments`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ ...input, preset, settings: { ...input.settings, ...(withRebuy ? { rebuy } : {}) } }),
  });
  return { status: res.status, body: await res.json() };
}

describe('set-up warnings (ONK TDA r27 "N.V.T")', () => {
  it('ONK with rebuys: created (201), with the warning; ONK without and PPN with rebuys: no warning', async () => {
    const onk = await create('tda-2024-onk', true);
    assert.equal(onk.status, 201);
    assert.deepEqual(onk.body.warnings.map((w: any) => [w.code, w.field]), [['rebuys-not-in-preset', 'rebuy']]);
    assert.equal((await create('tda-2024-onk', false)).body.warnings, undefined);
    assert.equal((await create('ppn-2024', true)).body.warnings, undefined);
  });
});

describe('hand.misdeal over HTTP', () => {
  it('TDA 2017 r35: no hand dealt at the table -> 409-class answer no-hand-in-play naming the rule; the seq does not move', async () => {
    const id = await server.createTournament();
    await server.ok(id, { type: 'table.add' });
    const before = ((await (await fetch(`${server.url}/api/tournaments/${id}`)).json()) as any).seq;
    const res = await fetch(`${server.url}/api/tournaments/${id}/commands`, { method: 'POST', headers: auth, body: JSON.stringify({ type: 'hand.misdeal', tableId: 't1' }) });
    const body = (await res.json()) as any;
    assert.equal(body.ok, false);
    assert.equal(body.error.code, 'no-hand-in-play');
    assert.match(body.error.message, /TDA 2017 r35/);
    assert.ok(res.status >= 400 && res.status < 500, `status ${res.status}`);
    const after = ((await (await fetch(`${server.url}/api/tournaments/${id}`)).json()) as any).seq;
    assert.equal(after, before);
  });
});
