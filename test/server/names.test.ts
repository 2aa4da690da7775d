/**
 * Every place a name or a country enters, over HTTP (issue 21): the probe's names and "XX" are
 * refused with a clear error and change nothing; a real name from anywhere is kept as typed
 * (composed, trimmed). One validator behind them all: server/engine/schemas/names.ts.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../helpers/server.js';
import { sampleTournament } from '../../server/sample.js';

let server: TestServer;
let id: string;
before(async () => {
  server = await startTestServer();
  id = await server.createTournament();
  await server.ok(id, { type: 'entry.add', name: 'Anna Jansen' });
});
after(() => server.close());

const admin = { 'content-type': 'application/json', authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
/** The tournament's seq and public state (not the server time, which moves). */
async function state(tournament = id): Promise<{ seq: number; state: any }> {
  const body = (await (await fetch(`${server.url}/api/tournaments/${tournament}`)).json()) as { seq: number; state: any };
  return { seq: body.seq, state: body.state };
}
const tournamentCount = async () => ((await (await fetch(`${server.url}/api/tournaments?archived=1`)).json()) as { tournaments: unknown[] }).tournaments.length;

/** The probe's names (issue 21), each with what the message must say. */
const PROBE: Array<[string, RegExp]> = [
  ['\u200B\u200B', /visible character/],
  ['A\u0000B\u0007', /control characters/],
  ['Anna\nJansen', /line breaks/],
  ['Ann\uD800a', /lone UTF-16 surrogate/],
];

describe('a bad name is refused wherever it enters, and nothing changes', () => {
  const commands: Array<[string, (name: string) => Record<string, unknown>]> = [
    ['entry.add', (name) => ({ type: 'entry.add', name })],
    ['alternate.add', (name) => ({ type: 'alternate.add', name })],
    ['unsold.take', (name) => ({ type: 'unsold.take', name, tableId: 't1', seat: 1, chips: 100 })],
    ['day2.import', (name) => ({ type: 'day2.import', flights: [{ tournamentId: 'f1', name: 'Day 1A', closedAt: 0, poolMoney: 0, entries: 1, survivors: [{ entryId: 'e1', name, chips: 100 }] }] })],
  ];
  for (const [type, command] of commands) {
    it(`${type}: 400 invalid-name with the reason`, async () => {
      const before = await state();
      for (const [name, message] of PROBE) {
        const { status, body } = await server.command(id, command(name));
        assert.equal(status, 400, JSON.stringify(name));
        assert.equal(body.error.code, 'invalid-name', body.error.message);
        assert.match(body.error.message, message);
      }
      assert.deepEqual(await state(), before);
    });
  }

  it('a day2.import flight named with a control character: invalid-name', async () => {
    const { status, body } = await server.command(id, { type: 'day2.import', flights: [{ tournamentId: 'f1', name: 'Day\u00001A', closedAt: 0, poolMoney: 0, entries: 1, survivors: [] }] });
    assert.equal(status, 400);
    assert.equal(body.error.code, 'invalid-name');
  });

  it('POST /api/tournaments and …/duplicate: an invisible tournament name is refused, nothing is created', async () => {
    const count = await tournamentCount();
    const created = await fetch(`${server.url}/api/tournaments`, { method: 'POST', headers: admin, body: JSON.stringify({ ...sampleTournament(), name: '\u200B\u200B' }) });
    assert.equal(created.status, 400);
    assert.match(((await created.json()) as any).error.message, /name: needs a visible character/);
    const copy = await fetch(`${server.url}/api/tournaments/${id}/duplicate`, { method: 'POST', headers: admin, body: JSON.stringify({ name: 'Sunday\nDeepstack' }) });
    assert.equal(copy.status, 400);
    assert.match(((await copy.json()) as any).error.message, /name: cannot hold control characters or line breaks/);
    assert.equal(await tournamentCount(), count);
  });
});

describe('countries are ISO 3166-1 alpha-2', () => {
  it('"XX" is refused at registration and with player.country; nothing changes', async () => {
    const before = await state();
    const playerId = before.state.players.entries[0].playerId;
    for (const command of [{ type: 'entry.add', name: 'Bo Berg', country: 'XX' }, { type: 'player.country', playerId, country: 'XX' }, { type: 'player.country', playerId, country: 'UK' }]) {
      const { status, body } = await server.command(id, command);
      assert.equal(status, 400);
      assert.equal(body.error.code, 'invalid-command');
      assert.match(body.error.message, /"country" "(XX|UK)" is not an ISO 3166-1 country code/);
    }
    assert.deepEqual(await state(), before);
  });

  it('NL, HR, DK, DE and GB are flags on the players', async () => {
    for (const [name, country] of [['Cas de Wit', 'NL'], ['Ivana Horvat', 'hr'], ['Emil Hansen', 'DK'], ['Jonas Becker', 'DE'], ['Oliver Smith', 'gb']]) {
      const { playerId } = await server.ok(id, { type: 'entry.add', name, country });
      const player = (await state()).state.players.entries.find((e: any) => e.playerId === playerId);
      assert.equal(player.country, country!.toUpperCase(), name);
    }
  });
});

describe('real names are kept', () => {
  it('accents, CJK, Arabic, apostrophes, hyphens and emoji, composed and trimmed', async () => {
    const names: Array<[string, string]> = [
      ['  Zoe\u0308 Ørsted-Håkansson ', 'Zo\u00EB Ørsted-Håkansson'],
      ["Seán O'Brien", "Seán O'Brien"],
      ['王小明', '王小明'],
      ['محمد علي', 'محمد علي'],
      ['Anna 👨\u200D👩\u200D👧', 'Anna 👨\u200D👩\u200D👧'],
    ];
    for (const [typed, stored] of names) {
      const { entryId } = await server.ok(id, { type: 'entry.add', name: typed });
      assert.equal((await state()).state.players.entries.find((e: any) => e.id === entryId).name, stored);
    }
  });
});
