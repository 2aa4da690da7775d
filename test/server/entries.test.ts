/** Entries over HTTP on a real loopback server: commands, roles, public topics, results CSV. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, TEST_PINS, type TestServer } from '../helpers/server.js';

let server: TestServer;
let id: string;
let floorCookie: string;

async function state() {
  const res = await fetch(`${server.url}/api/tournaments/${id}`);
  return ((await res.json()) as { state: any }).state;
}

async function asFloor(command: Record<string, unknown>) {
  const res = await fetch(`${server.url}/api/tournaments/${id}/commands`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: floorCookie },
    body: JSON.stringify(command),
  });
  return { status: res.status, body: (await res.json()) as any };
}

before(async () => {
  server = await startTestServer();
  id = await server.createTournament();
  const res = await fetch(`${server.url}/api/auth/pair`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pin: TEST_PINS.floor }) });
  floorCookie = res.headers.get('set-cookie')!.split(';')[0]!;
});
after(() => server.close());

describe('entries over HTTP', () => {
  it('registers players (floor), shows them in the field, players and payouts topics', async () => {
    for (const name of ['Anna', 'Bram', 'Cees', 'Daan']) {
      const { status, body } = await asFloor({ type: 'entry.add', name });
      assert.equal(status, 200, JSON.stringify(body));
      assert.match(body.result.entryId, /^e\d+$/);
    }
    const s = await state();
    assert.equal(s.field.playersLeft, 4);
    assert.equal(s.field.entries, 4);
    assert.equal(s.field.prizePool, 4 * 9_000, 'the sample buy-in is 90.00 + 10.00 fee');
    assert.equal(s.field.lateRegistration.open, true);
    assert.equal(s.field.lateRegistration.level, 6);
    assert.deepEqual(s.players.entries.map((e: { name: string }) => e.name), ['Anna', 'Bram', 'Cees', 'Daan']);
    assert.equal(s.payouts.places.reduce((sum: number, p: { amount: number }) => sum + p.amount, 0), 36_000);
  });

  it('answers bad input with a typed error and changes nothing', async () => {
    const before = await state();
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ type: 'chips.set', entryId: 'e1', chips: -1 }, 400, 'invalid-command'],
      [{ type: 'chips.set', entryId: 'e1', chips: 1.5 }, 400, 'invalid-command'],
      [{ type: 'entry.bust', entryIds: ['e99'] }, 400, 'unknown-entry'],
      [{ type: 'payouts.set', amounts: [1_000] }, 400, 'payouts-mismatch'],
      [{ type: 'deal.apply', amounts: { e1: 36_000 }, confirmed: true }, 409, 'deal-needs-everyone'],
      [{ type: 'entry.reenter', playerId: 'p1' }, 409, 'player-still-in-play'],
    ];
    for (const [command, status, code] of cases) {
      const { status: got, body } = await server.command(id, command);
      assert.equal(got, status, `${command.type}: ${JSON.stringify(body)}`);
      assert.equal(body.error.code, code);
    }
    assert.deepEqual(await state(), before);
  });

  it('keeps payouts, deals and disqualifications for the TD', async () => {
    assert.equal((await asFloor({ type: 'payouts.set', amounts: null })).status, 403);
    assert.equal((await asFloor({ type: 'penalty.add', entryId: 'e1', kind: 'disqualification' })).status, 403);
    assert.equal((await asFloor({ type: 'penalty.add', entryId: 'e1', kind: 'warning' })).status, 200);
    const unauth = await server.command(id, { type: 'entry.add', name: 'Nobody' }, null);
    assert.equal(unauth.status, 401);
  });

  it('busts players (floor) to a winner and serves the results CSV', async () => {
    const bust = await asFloor({ type: 'entry.bust', entryIds: ['e4'] });
    assert.equal(bust.status, 200, JSON.stringify(bust.body));
    assert.equal(bust.body.result.finishes[0].place, 4);
    assert.equal((await asFloor({ type: 'entry.bust', entryIds: ['e3'] })).status, 200);
    assert.equal((await asFloor({ type: 'entry.bust', entryIds: ['e2'] })).status, 200);
    const s = await state();
    assert.equal(s.field.playersLeft, 1);
    assert.equal(s.field.winner.name, 'Anna');
    const res = await fetch(`${server.url}/api/tournaments/${id}/results.csv`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type')!, /text\/csv/);
    const lines = (await res.text()).trim().split('\n');
    assert.equal(lines[0], 'place,name,player,entry,entry_number,status,prize,currency,deal');
    assert.equal(lines[1], 'Anna,p1,e1,1,winner,360.00,EUR,'.replace(/^/, '1,'));
    assert.equal(lines.length, 5);
    const notFound = await fetch(`${server.url}/api/tournaments/nope/results.csv`);
    assert.equal(notFound.status, 404);
  });

  it('results.csv has one row per entry: a re-entry, its busted first entry and the players still in play', async () => {
    // Eva, Finn, Gijs register; Eva busts with 3 in play (3rd), re-enters: 4 entries, so her
    // first entry is 4th. Finn busts with 3 in play: 3rd. Eva's re-entry and Gijs play on.
    const t = await server.createTournament();
    for (const name of ['Eva', 'Finn', 'Gijs']) assert.equal((await server.command(t, { type: 'entry.add', name })).status, 200);
    assert.equal((await server.command(t, { type: 'entry.bust', entryIds: ['e1'] })).status, 200);
    assert.equal((await server.command(t, { type: 'entry.reenter', playerId: 'p1' })).status, 200);
    assert.equal((await server.command(t, { type: 'entry.bust', entryIds: ['e2'] })).status, 200);
    const lines = (await (await fetch(`${server.url}/api/tournaments/${t}/results.csv`)).text()).trim().split('\n');
    assert.deepEqual(lines.slice(1).map((l) => l.split(',').slice(0, 6).join(',')), [
      ',Gijs,p3,e3,1,in-play',
      ',Eva,p1,e4,2,in-play',
      '3,Finn,p2,e2,1,busted',
      '4,Eva,p1,e1,1,busted',
    ]);
  });
});
