/**
 * Set-up over HTTP (issue 14): the TD's phone session creates, duplicates and archives; floor
 * staff may not; bad input changes nothing; structures go out as files and come back the same;
 * a file that is not a structure names its wrong line.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { exportStructure, importStructure, StructureFileError } from '../../server/files/structure-file.js';
import type { StructureItem } from '../../server/engine/structure.js';
import { sampleStructure, sampleTournament } from '../../server/sample.js';
import { startTestServer, TEST_ADMIN_TOKEN, TEST_PINS, type TestServer } from '../helpers/server.js';
import { TestClient } from '../helpers/ws-client.js';

let server: TestServer;
let td: Record<string, string>;
let floor: Record<string, string>;

async function cookie(pin: string): Promise<Record<string, string>> {
  const res = await fetch(`${server.url}/api/auth/pair`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pin }) });
  assert.equal(res.status, 200);
  return { cookie: res.headers.get('set-cookie')!.split(';')[0]! };
}

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    // a file
  }
  return { status: res.status, body: json, text };
}

async function list(archived = false): Promise<Array<{ id: string; name: string; archived: boolean; finished: boolean }>> {
  return ((await (await fetch(`${server.url}/api/tournaments${archived ? '?archived=1' : ''}`)).json()) as { tournaments: any[] }).tournaments;
}

const lv = (sb: number, bb: number, minutes = 20): StructureItem => ({ kind: 'level', smallBlind: sb, bigBlind: bb, ante: 0, anteType: 'none', minutes });

before(async () => {
  server = await startTestServer();
  td = await cookie(TEST_PINS.td);
  floor = await cookie(TEST_PINS.floor);
});
after(() => server.close());

describe('creating from the phone', () => {
  it('the TD session creates; a floor PIN is refused (403) and nothing is created', async () => {
    const before = (await list()).length;
    const refused = await post('/api/tournaments', { ...sampleTournament(), name: 'Floor try' }, floor);
    assert.equal(refused.status, 403);
    assert.equal(refused.body.error.code, 'not-authorized');
    assert.equal((await list()).length, before);
    const created = await post('/api/tournaments', { ...sampleTournament(), name: 'Monday Turbo' }, td);
    assert.equal(created.status, 201);
    assert.ok((await list()).some((t) => t.id === created.body.id && t.name === 'Monday Turbo'));
  });

  it('opens the tables in the creation itself (one step), and refuses 501 tables with nothing created', async () => {
    // The sample's preset seats 9 a table (TDA 2024 ONK, rules.seatsPerTable).
    const created = await post('/api/tournaments', { ...sampleTournament(), name: 'Three tables', tables: 3 }, td);
    assert.equal(created.status, 201);
    const state = (await (await fetch(`${server.url}/api/tournaments/${created.body.id}`, { headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` } })).json()) as any;
    assert.deepEqual(
      state.state.seating.tables.map((t: any) => [t.number, t.seats.length]),
      [[1, 9], [2, 9], [3, 9]],
    );
    // One command in the log or none: the tables came with the creation, not as three table.add.
    const log = (await (await fetch(`${server.url}/api/tournaments/${created.body.id}/log`, { headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` } })).json()) as any;
    assert.equal(log.seq, 0);
    assert.equal(log.entries.length, 0);
    // The first registration after the draw is the usual one: the tables are there to seat him.
    const before = (await list()).length;
    const refused = await post('/api/tournaments', { ...sampleTournament(), name: 'Too many', tables: 501 }, td);
    assert.equal(refused.status, 400);
    assert.equal(refused.body.error.code, 'invalid-tournament');
    assert.match(refused.body.error.message, /tables/);
    assert.equal((await list()).length, before);
  });

  it('an unplayable structure is refused with the index of the level, and nothing is created', async () => {
    const before = (await list()).length;
    const structure = [lv(25, 50), lv(50, 100), { kind: 'break', minutes: 10, colorUp: null }, lv(40, 80)];
    const res = await post('/api/tournaments', { ...sampleTournament(), structure }, td);
    assert.equal(res.status, 400);
    assert.equal(res.body.error.code, 'invalid-structure');
    assert.deepEqual(res.body.error.issues.map((i: any) => [i.index, i.field]), [[3, 'bigBlind']]);
    assert.equal((await list()).length, before);
  });
});

describe('duplicate, set-up and archive', () => {
  it('duplicates the set-up (not the night): same structure and settings, a new name, no entries', async () => {
    const source = await server.createTournament();
    await server.ok(source, { type: 'entry.add', name: 'Anna Jansen' });
    await server.ok(source, { type: 'settings.set', guarantee: 500_000 });
    assert.equal((await post(`/api/tournaments/${source}/duplicate`, { name: 'Copy' }, floor)).status, 403);
    const res = await post(`/api/tournaments/${source}/duplicate`, { name: 'Sunday Deepstack #2' }, td);
    assert.equal(res.status, 201);
    const setup = await (await fetch(`${server.url}/api/tournaments/${res.body.id}/setup`, { headers: td })).json();
    assert.equal(setup.name, 'Sunday Deepstack #2');
    assert.deepEqual(setup.structure, sampleStructure());
    assert.equal(setup.settings.guarantee, 500_000);
    assert.equal(setup.clock.status, 'idle');
    const state = await (await fetch(`${server.url}/api/tournaments/${res.body.id}`)).json();
    assert.equal(state.state.field.entries, 0);
    assert.equal((await fetch(`${server.url}/api/tournaments/${res.body.id}/setup`, { headers: floor })).status, 403);
  });

  it('an archived tournament leaves the list and is shown with ?archived=1', async () => {
    const id = await server.createTournament();
    assert.equal((await post(`/api/tournaments/${id}/commands`, { type: 'tournament.archive' }, floor)).status, 403);
    assert.equal((await post(`/api/tournaments/${id}/commands`, { type: 'tournament.archive' }, td)).status, 200);
    assert.ok(!(await list()).some((t) => t.id === id));
    assert.equal((await list(true)).find((t) => t.id === id)?.archived, true);
  });
});

describe('structure.set over HTTP', () => {
  it('the TD changes the levels to come; floor staff cannot, and a bad structure changes nothing', async () => {
    const id = await server.createTournament();
    // The sample has a big-blind ante from level 4 on: it stays (AP 11, antes are never dropped).
    const next = [...sampleStructure().slice(0, 5), { ...lv(200, 400, 25), ante: 400, anteType: 'bba' as const }];
    assert.equal((await post(`/api/tournaments/${id}/commands`, { type: 'structure.set', structure: next }, floor)).status, 403);
    const bad = await post(`/api/tournaments/${id}/commands`, { type: 'structure.set', structure: [lv(100, 200), lv(50, 100)] }, td);
    assert.equal(bad.status, 400);
    assert.deepEqual(bad.body.error.issues.map((i: any) => i.index), [1]);
    const setupBefore = await (await fetch(`${server.url}/api/tournaments/${id}/setup`, { headers: td })).json();
    assert.deepEqual(setupBefore.structure, sampleStructure());
    assert.equal((await post(`/api/tournaments/${id}/commands`, { type: 'structure.set', structure: next }, td)).status, 200);
    const after = await (await fetch(`${server.url}/api/tournaments/${id}`)).json();
    assert.equal(after.state.structure.items.length, 6);
    assert.equal(after.state.structure.items[5].ms, 25 * 60_000);
  });
});

describe('structure.set over the socket (the phone\'s path)', () => {
  it('a refusal carries its issues, each with the item, code and values', async () => {
    const id = await server.createTournament();
    await server.ok(id, { type: 'clock.start' });
    await server.ok(id, { type: 'level.next' });
    const phone = await TestClient.connect(server.wsUrl, { headers: td });
    await phone.next('hello');
    const changed = sampleStructure().map((item, i) => (i === 0 && item.kind === 'level' ? { ...item, bigBlind: 60 } : item));
    phone.send({ type: 'command', id: 'set-1', tournament: id, command: { type: 'structure.set', structure: changed } });
    const result = (await phone.next('result', (m) => m.id === 'set-1')) as any;
    assert.equal(result.ok, false);
    assert.equal(result.error.code, 'level-already-played');
    assert.deepEqual(result.error.issues.map((i: any) => [i.index, i.code, i.values.item]), [[0, 'level-played', 1]]);
    phone.close();
  });
});

describe('structure tools', () => {
  it('templates: turbo, regular, deepstack', async () => {
    const body = await (await fetch(`${server.url}/api/structures/templates`)).json();
    assert.deepEqual(body.templates.map((t: any) => t.id), ['turbo', 'regular', 'deepstack']);
  });

  it('suggest: the worked example of test/engine/setup/structure-suggest.test.ts (100 players, 6 h)', async () => {
    const res = await post('/api/structures/suggest', { players: 100, startingStack: 20_000, targetMinutes: 360, levelMinutes: 20 });
    assert.equal(res.status, 200);
    assert.equal(res.body.structure.filter((i: any) => i.kind === 'level').at(-1).bigBlind, 40_000, 'the smooth ladder ends at 40,000 (issue 23)');
    assert.equal((await post('/api/structures/suggest', { players: 1, startingStack: 20_000, targetMinutes: 360, levelMinutes: 20 })).status, 400);
  });

  it('check: issues at their index, and where the chips leave play', async () => {
    const ok = await post('/api/structures/check', { structure: sampleStructure(), chipSet: [25, 100, 500, 1000] });
    assert.equal(ok.body.ok, true);
    assert.equal(ok.body.colorUps[0].denomination, 25);
    const bad = await post('/api/structures/check', { structure: [lv(25, 50), lv(25, 40)] });
    assert.deepEqual(bad.body.issues.map((i: any) => [i.index, i.field]), [[1, 'bigBlind']]);
  });

  for (const format of ['json', 'csv'] as const) {
    it(`${format}: a tournament's structure exported and imported again is identical`, async () => {
      const id = await server.createTournament();
      const res = await fetch(`${server.url}/api/tournaments/${id}/structure.${format}`);
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-disposition') ?? '', /attachment/);
      const text = await res.text();
      const back = await post('/api/structures/import', { text, format });
      assert.equal(back.status, 200);
      assert.deepEqual(back.body.structure, sampleStructure());
      // And through the export route, with antes, a colour-up and fractional minutes.
      const odd: StructureItem[] = [lv(25, 50, 7.5), { kind: 'level', smallBlind: 100, bigBlind: 200, ante: 25, anteType: 'ante', minutes: 12 }, { kind: 'break', minutes: 5, colorUp: { denomination: 25 } }, { kind: 'level', smallBlind: 200, bigBlind: 400, ante: 400, anteType: 'bba', minutes: 12 }];
      const exported = await post('/api/structures/export', { structure: odd, format });
      assert.deepEqual(importStructure(exported.text, format), odd);
    });
  }
});

describe('a file that is not a structure names the wrong line', () => {
  const bad = (text: string, format: 'json' | 'csv'): StructureFileError => {
    try {
      importStructure(text, format);
    } catch (err) {
      assert.ok(err instanceof StructureFileError, String(err));
      return err;
    }
    assert.fail('expected the import to be refused');
  };

  it('CSV: a blind that is not a number on line 4', () => {
    const lines = exportStructure(sampleStructure().slice(0, 5), 'csv').split('\n');
    lines[3] = 'level,75,abc,0,none,20,';
    const err = bad(lines.join('\n'), 'csv');
    assert.equal(err.line, 4);
    assert.match(err.message, /^Line 4: big_blind "abc" is not a number/);
    assert.deepEqual([err.code, err.values], ['file-bad-number', { column: 'big_blind' }]);
  });

  it('CSV: a falling big blind is refused at its line (TDA 2024 AP 11)', () => {
    const err = bad('kind,small_blind,big_blind,ante,ante_type,minutes,color_up\nlevel,50,100,0,none,20,\nbreak,,,,,10,\nlevel,25,50,0,none,20,\n', 'csv');
    assert.equal(err.line, 4);
    assert.match(err.message, /big blind falls/);
    assert.deepEqual([err.code, err.values], ['big-blind-falls', { item: 3 }]);
  });

  it('CSV: a spreadsheet of something else is refused at line 1', () => {
    const err = bad('name,email\nAnna,anna@example.org\n', 'csv');
    assert.equal(err.line, 1);
  });

  it('CSV: a row of an unknown kind', () => {
    const err = bad('kind,small_blind,big_blind,ante,ante_type,minutes,color_up\nlevel,25,50,0,none,20,\npause,,,,,10,\n', 'csv');
    assert.match(err.message, /^Line 3: kind "pause"/);
  });

  it('JSON: a level without a big blind on line 7', () => {
    const text = exportStructure(sampleStructure().slice(0, 4), 'json').replace('"bigBlind":150,', '');
    const err = bad(text, 'json');
    assert.equal(err.line, 7);
    assert.match(err.message, /^Line 7: "bigBlind"/);
  });

  it('JSON: broken JSON names its line; JSON that is no structure says so', () => {
    const err = bad('{\n  "format": "riffle-structure",\n  "structure": [\n    {"kind": "level",, }\n  ]\n}', 'json');
    assert.equal(err.line, 4);
    assert.equal(bad('{"players": []}', 'json').line, 1);
  });

  it('over HTTP: 400 invalid-structure-file with the line', async () => {
    const res = await post('/api/structures/import', { text: 'name,email\nAnna,anna@example.org\n', fileName: 'players.csv' });
    assert.equal(res.status, 400);
    assert.equal(res.body.error.code, 'invalid-structure-file');
    assert.equal(res.body.error.issues[0].line, 1);
    assert.equal(res.body.error.issues[0].code, 'file-no-structure');
  });
});
