/**
 * The venue's players (issue 27) on a real server with its SQLite file: roles (the floor finds
 * and registers, contacts are the TD's, anonymous gets nothing), a CSV import with bad rows
 * (named by their line, nothing imported), the export, a merge (two histories joined; into
 * himself refused), an erase (nothing of him left but anonymous results: the public results
 * CSV and state say "Erased player"), and photos (sniffed and size-checked, served cached).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { PNG } from 'pngjs';
import { startTestServer, TEST_ADMIN_TOKEN, TEST_PINS, type TestServer } from '../helpers/server.js';

let server: TestServer;
let floor: string;
const TD = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };

before(async () => {
  server = await startTestServer();
  const res = await fetch(`${server.url}/api/auth/pair`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pin: TEST_PINS.floor }) });
  floor = res.headers.get('set-cookie')!.split(';')[0]!;
});
after(() => server.close());

async function call(method: string, path: string, body?: unknown, auth: Record<string, string> = TD, type = 'application/json') {
  const res = await fetch(`${server.url}/api/players${path}`, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': type } : {}), ...auth },
    ...(body !== undefined ? { body: (typeof body === 'string' || body instanceof Uint8Array ? body : JSON.stringify(body)) as BodyInit } : {}),
  });
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    /* CSV or bytes */
  }
  return { status: res.status, body: json, text, headers: res.headers };
}
const asFloor = { cookie: '' };
const floorAuth = () => ({ ...asFloor, cookie: floor });

function png(width: number, height: number): Buffer {
  const image = new PNG({ width, height });
  image.data.fill(120);
  return PNG.sync.write(image);
}

/** Every text column of the players table and the export, for a name that must be gone. */
function databaseHolds(text: string): boolean {
  const db = new Database(join(server.dataDir, 'riffle.db'), { readonly: true });
  try {
    const rows = db.prepare('SELECT * FROM players').all() as Record<string, unknown>[];
    return rows.some((r) => Object.values(r).some((v) => (typeof v === 'string' || Buffer.isBuffer(v)) && String(v).includes(text)));
  } finally {
    db.close();
  }
}

describe('players: roles', () => {
  it('anonymous gets nothing; the floor searches and registers but never reads contacts; the TD does', async () => {
    const made = await call('POST', '', { name: 'Marieke van der Heijden', nickname: 'Mies', country: 'nl', email: 'mies@example.org', phone: '+31 6 1234 5678', notes: 'Prefers table 1' });
    assert.equal(made.status, 200, made.text);
    const id = made.body.player.id as string;
    assert.match(id, /^p_[a-z2-7]{10}$/);
    assert.equal(made.body.player.email, 'mies@example.org');

    for (const [method, path] of [['GET', '?q=mari'], ['GET', `/${id}`], ['GET', '/export.csv'], ['POST', '/import'], ['PATCH', `/${id}`], ['DELETE', `/${id}`]] as const) {
      const res = await call(method, path, method === 'GET' ? undefined : {}, {});
      assert.equal(res.status, 401, `${method} ${path} anonymous`);
      assert.equal(res.body.error.code, 'not-authenticated');
      assert.ok(!res.text.includes('mies@example.org'));
    }

    const found = await call('GET', '?q=mari', undefined, floorAuth());
    assert.equal(found.status, 200);
    assert.deepEqual(found.body.matches.map((m: any) => [m.name, m.nickname, m.country]), [['Marieke van der Heijden', 'Mies', 'NL']]);
    const card = await call('GET', `/${id}`, undefined, floorAuth());
    assert.equal(card.status, 200);
    for (const secret of ['mies@example.org', '1234 5678', 'Prefers table 1']) {
      assert.ok(!found.text.includes(secret) && !card.text.includes(secret), `the floor read ${secret}`);
    }
    const asTd = await call('GET', `/${id}`);
    assert.equal(asTd.body.player.notes, 'Prefers table 1');

    // The floor creates a record by registering a new name, without contact details.
    const byFloor = await call('POST', '', { name: 'Floor Registered', country: 'DK' }, floorAuth());
    assert.equal(byFloor.status, 200, byFloor.text);
    const withContact = await call('POST', '', { name: 'Sneaky Contact', email: 'x@example.org' }, floorAuth());
    assert.deepEqual([withContact.status, withContact.body.error.code], [403, 'not-authorized']);
    for (const [method, path, body] of [['GET', '/export.csv', undefined], ['PATCH', `/${id}`, { notes: 'x' }], ['POST', `/${id}/merge`, { into: id }], ['DELETE', `/${id}`, undefined]] as const) {
      const res = await call(method, path, body, floorAuth());
      assert.deepEqual([res.status, res.body?.error.code], [403, 'not-authorized'], `${method} ${path} as floor`);
    }
    assert.equal((await call('GET', `/${id}`)).body.player.notes, 'Prefers table 1');
  });

  it('finds by a few letters of any name, with a typo, accents folded', async () => {
    await call('POST', '', { name: 'Đurđica Jansen', country: 'HR' });
    await call('POST', '', { name: 'Jürgen Müller' });
    const names = async (q: string) => (await call('GET', `?q=${encodeURIComponent(q)}`, undefined, floorAuth())).body.matches.map((m: any) => m.name);
    assert.deepEqual(await names('durd'), ['Đurđica Jansen']);
    assert.deepEqual(await names('jnsen'), ['Đurđica Jansen'], 'one letter left out');
    assert.deepEqual(await names('muler'), ['Jürgen Müller'], 'ü typed as u and one l');
    assert.deepEqual(await names('mies'), ['Marieke van der Heijden'], 'by nickname');
    assert.deepEqual(await names('zzzz'), []);
    const short = await call('GET', '?q=a', undefined, floorAuth());
    assert.deepEqual([short.status, short.body.error.code], [400, 'invalid-query']);
  });
});

describe('players: CSV', () => {
  it('a file with bad rows is refused with their lines; nothing is imported', async () => {
    const before = (await call('GET', '/export.csv')).text;
    const csv = 'name,nickname,country,email,notes\nAnna Berg,,SE,anna@example.org,"plays\nSundays"\nBo Bad,,XX,,\n\nCees Good,,DE,,\n,Nameless,NL,,\nDora Mail,,,not-an-address,\n';
    const res = await call('POST', '/import', csv, TD, 'text/csv');
    assert.equal(res.status, 400, res.text);
    assert.equal(res.body.error.code, 'invalid-import');
    // Anna's quoted notes take lines 2-3: Bo is line 4, the empty name line 7, the bad e-mail 8.
    assert.deepEqual(res.body.error.issues.map((i: any) => i.line), [4, 7, 8]);
    assert.match(res.body.error.issues[0].message, /country/);
    assert.equal((await call('GET', '/export.csv')).text, before, 'nothing changed');
  });

  it('the preview names each line: added, updated, refused with its column; nothing is imported', async () => {
    const known = (await call('POST', '', { name: 'Preview Known', country: 'NL' })).body.player;
    const before = (await call('GET', '/export.csv')).text;
    const csv = `id,name,country,email\n,Ada Preview,NL,\n${known.id},Known Renamed,,\n,Bo Bad,XX,\np_aaaaaaaaaa,Nobody Here,,\n,Cy Mail,,nope\n`;
    const res = await call('POST', '/import?preview=1', csv, TD, 'text/csv');
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body.add, [{ line: 2, name: 'Ada Preview' }]);
    assert.deepEqual(res.body.update, [{ line: 3, id: known.id, name: 'Known Renamed' }]);
    assert.deepEqual(
      res.body.refused.map((r: any) => [r.line, r.column]),
      [
        [4, 'country'],
        [5, 'id'],
        [6, 'email'],
      ],
    );
    assert.equal((await call('GET', '/export.csv')).text, before, 'nothing changed');
    // The floor may not preview either; a file that is not a CSV is refused as by the import.
    assert.equal((await call('POST', '/import?preview=1', csv, floorAuth(), 'text/csv')).status, 403);
    assert.equal((await call('POST', '/import?preview=1', 'name,colour\nAnna,red\n', TD, 'text/csv')).body.error.code, 'invalid-csv');
  });

  it('a file that is not a CSV: invalid-csv, nothing changed', async () => {
    const before = (await call('GET', '/export.csv')).text;
    for (const body of [png(4, 4), 'just some text without the columns', 'name,colour\nAnna,red\n', 'name\n"Anna']) {
      const res = await call('POST', '/import', body, TD, 'text/csv');
      assert.deepEqual([res.status, res.body.error.code], [400, 'invalid-csv'], res.text);
    }
    assert.equal((await call('GET', '/export.csv')).text, before);
  });

  it('a good file imports; the export gives it back and imports again as the same records', async () => {
    const res = await call('POST', '/import', '\uFEFFname;country;nickname\nÅse Lindqvist;dk;Åsa\n"=cmd|calc";NL;\n', TD, 'text/csv');
    assert.equal(res.status, 200, res.text);
    assert.deepEqual([res.body.created, res.body.updated], [2, 0]);
    const exported = (await call('GET', '/export.csv')).text;
    assert.match(exported, /^id,name,nickname,country,email,phone,notes\n/);
    assert.match(exported, /p_[a-z2-7]{10},Åse Lindqvist,Åsa,DK,,,/);
    assert.match(exported, /,'=cmd\|calc,/, 'a formula is neutralised');
    const again = await call('POST', '/import', exported, TD, 'text/csv');
    assert.equal(again.status, 200, again.text);
    assert.equal(again.body.created, 0);
    assert.equal((await call('GET', '/export.csv')).text.split('\n').length, exported.split('\n').length);
  });
});

describe('players: merge and erase', () => {
  it('a duplicate merged: both tournaments in one history; into himself refused, nothing changed', async () => {
    const a = (await call('POST', '', { name: 'Karel Dubbel', country: 'BE' })).body.player;
    const b = (await call('POST', '', { name: 'Karel Dubbel', email: 'karel@example.org' })).body.player;
    const t1 = await server.createTournament();
    const t2 = await server.createTournament();
    await server.ok(t1, { type: 'entry.add', name: a.name, venuePlayerId: a.id, country: 'BE' });
    await server.ok(t2, { type: 'entry.add', name: b.name, venuePlayerId: b.id });
    assert.deepEqual((await call('GET', `/${b.id}`)).body.results.map((r: any) => r.tournamentId), [t2]);

    const self = await call('POST', `/${b.id}/merge`, { into: b.id });
    assert.deepEqual([self.status, self.body.error.code], [400, 'merge-into-self']);
    assert.deepEqual((await call('GET', `/${b.id}`)).body.results.map((r: any) => r.tournamentId), [t2]);

    const merged = await call('POST', `/${a.id}/merge`, { into: b.id });
    assert.equal(merged.status, 200, merged.text);
    assert.deepEqual(merged.body.results.map((r: any) => r.tournamentId).sort(), [t1, t2].sort());
    assert.deepEqual(merged.body.results.map((r: any) => r.currency), ['EUR', 'EUR'], 'each prize with its currency');
    // He keeps his own fields and takes what he lacked from the duplicate.
    assert.deepEqual([merged.body.player.email, merged.body.player.country], ['karel@example.org', 'BE']);
    // The old id reads as the record it is now; the search finds him once.
    assert.equal((await call('GET', `/${a.id}`)).body.player.id, b.id);
    assert.deepEqual((await call('GET', '?q=karel')).body.matches.map((m: any) => m.id), [b.id]);
    // A merge into a merged record goes to where that one went.
    const self2 = await call('POST', `/${b.id}/merge`, { into: a.id });
    assert.deepEqual([self2.status, self2.body.error.code], [400, 'merge-into-self']);
  });

  it('erased on request: gone from search, card, export and database; his results stay, as "Erased player"', async () => {
    const name = 'Zygmunt Erasable-Przybylski';
    const p = (await call('POST', '', { name, nickname: 'Ziggy', country: 'PL', email: 'ziggy@example.org', notes: 'asked on 1 May' })).body.player;
    assert.equal((await call('PUT', `/${p.id}/photo`, png(64, 64), TD, 'image/png')).status, 200);
    const photo = (await call('GET', `/${p.id}`)).body.player.photo as string;
    const id = await server.createTournament();
    await server.ok(id, { type: 'entry.add', name, venuePlayerId: p.id, country: 'PL', photo });
    for (const other of ['Anna Other', 'Bram Other']) await server.ok(id, { type: 'entry.add', name: other });
    await server.ok(id, { type: 'clock.start' });
    const { state } = (await (await fetch(`${server.url}/api/tournaments/${id}`)).json()) as any;
    const entries = JSON.stringify(state);
    assert.ok(entries.includes(name));
    await server.ok(id, { type: 'entry.bust', entryIds: ['e1'] });
    await server.ok(id, { type: 'entry.bust', entryIds: ['e2'] });
    const before = await (await fetch(`${server.url}/api/tournaments/${id}/results.csv`)).text();
    assert.match(before, new RegExp(`^3,${name},p1,e1,`, 'm'));

    const erased = await call('DELETE', `/${p.id}`);
    assert.equal(erased.status, 200, erased.text);
    assert.deepEqual(erased.body.tournaments, [id]);

    assert.equal((await call('GET', `/${p.id}`)).status, 404);
    assert.deepEqual((await call('GET', '?q=zygmunt')).body.matches, []);
    assert.deepEqual((await call('GET', '?q=ziggy')).body.matches, []);
    assert.equal((await fetch(`${server.url}${photo}`)).status, 404);
    const exported = (await call('GET', '/export.csv')).text;
    for (const gone of [name, 'Ziggy', 'ziggy@example.org', 'asked on 1 May']) {
      assert.ok(!exported.includes(gone), `export holds ${gone}`);
      assert.ok(!databaseHolds(gone), `players table holds ${gone}`);
    }
    // The public results: his place and prize stay, without his name, flag or photo.
    const results = await (await fetch(`${server.url}/api/tournaments/${id}/results.csv`)).text();
    assert.match(results, /^3,Erased player,p1,e1,1,busted,/m);
    assert.ok(!results.includes('Zygmunt'));
    const after = JSON.stringify(((await (await fetch(`${server.url}/api/tournaments/${id}`)).json()) as any).state);
    assert.ok(!after.includes('Zygmunt') && !after.includes(p.id + '/photo'), 'the public state names him no more');
    const row = JSON.parse(after).players.entries.find((e: any) => e.id === 'e1');
    assert.deepEqual([row.name, row.country, row.photo, row.place], ['Erased player', undefined, undefined, 3]);
    // A second erase: nothing left to erase.
    assert.equal((await call('DELETE', `/${p.id}`)).status, 404);
  });
});

describe('players: a restart', () => {
  it('records and the search come back from the database file', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'riffle-players-'));
    try {
      const first = await startTestServer({ dataDir });
      const made = await fetch(`${first.url}/api/players`, { method: 'POST', headers: { ...TD, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Restart Resilient', country: 'NO' }) });
      const id = ((await made.json()) as any).player.id;
      await first.close();
      const again = await startTestServer({ dataDir });
      try {
        const res = await fetch(`${again.url}/api/players?q=resilent`, { headers: TD });
        assert.deepEqual(((await res.json()) as any).matches.map((m: any) => [m.id, m.country]), [[id, 'NO']]);
      } finally {
        await again.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('players: photos', () => {
  let id: string;
  before(async () => {
    id = (await call('POST', '', { name: 'Photo Person' })).body.player.id;
  });

  it('not an image, an SVG, too many pixels or bytes: refused with a code, nothing changed', async () => {
    const cases: [Uint8Array | string, number, string][] = [
      [Buffer.from('hello, not an image'), 415, 'not-an-image'],
      ['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 415, 'image-svg-refused'],
      [png(2049, 10), 413, 'image-too-large'],
      [Buffer.concat([png(10, 10), Buffer.alloc(600 * 1024)]), 413, 'image-too-large'],
      [png(10, 10).subarray(0, 20), 415, 'not-an-image'],
    ];
    for (const [body, status, code] of cases) {
      const res = await call('PUT', `/${id}/photo`, body, TD, 'image/png');
      assert.deepEqual([res.status, res.body?.error.code], [status, code]);
    }
    assert.equal((await call('GET', `/${id}`)).body.player.photo, undefined);
    const floorTry = await call('PUT', `/${id}/photo`, png(10, 10), floorAuth(), 'image/png');
    assert.equal(floorTry.status, 403);
  });

  it('a photo: served to anyone at its URL, cached for good; registration carries it to the players view', async () => {
    const bytes = png(160, 200);
    const res = await call('PUT', `/${id}/photo`, bytes, TD, 'image/png');
    assert.equal(res.status, 200, res.text);
    const url = res.body.player.photo as string;
    assert.match(url, new RegExp(`^/api/players/${id}/photo\\?v=[0-9a-f]{32}$`));
    const image = await fetch(`${server.url}${url}`);
    assert.equal(image.status, 200);
    assert.equal(image.headers.get('content-type'), 'image/png');
    assert.match(image.headers.get('cache-control')!, /immutable/);
    assert.deepEqual(Buffer.from(await image.arrayBuffer()), bytes);
    const stale = await fetch(`${server.url}/api/players/${id}/photo?v=${'0'.repeat(32)}`);
    assert.equal(stale.headers.get('cache-control'), 'no-cache');

    const t = await server.createTournament();
    await server.ok(t, { type: 'entry.add', name: 'Photo Person', venuePlayerId: id, photo: url });
    const { state } = (await (await fetch(`${server.url}/api/tournaments/${t}`)).json()) as any;
    const row = state.players.entries[0];
    assert.deepEqual([row.name, row.venuePlayerId, row.photo], ['Photo Person', id, url]);
    await server.ok(t, { type: 'clock.start' });
    await server.ok(t, { type: 'entry.add', name: 'Other One' });
    await server.ok(t, { type: 'entry.add', name: 'Other Two' });
    await server.ok(t, { type: 'entry.bust', entryIds: ['e1'] });
    // The same record registered again: his re-entry (entry 2 of player p1), not a second player.
    const again = await server.ok(t, { type: 'entry.add', name: 'Photo Person', venuePlayerId: id, photo: url });
    assert.equal(again.playerId, 'p1');
    const bad = await server.command(t, { type: 'entry.add', name: 'X', venuePlayerId: id, photo: 'https://evil.example/x.png' });
    assert.equal(bad.status, 400);
  });
});
