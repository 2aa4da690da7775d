/**
 * Leagues over the wire (issue 27 items 3 and 4), against a real server on a loopback port:
 * the TD makes a league and a season of two real tournaments; standings come from their results
 * (one finished, one running); roles (anonymous 401, floor 403, public reads with no role);
 * formulas refused with nothing changed; CSV for the TD (full names) and the public (initials);
 * a player's page; the tournament's league view the screens read. Points worked by hand.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { startTestServer, TEST_ADMIN_TOKEN, TEST_PINS, type TestServer } from '../helpers/server.js';
import { parse } from 'csv-parse/sync';

let server: TestServer;
before(async () => (server = await startTestServer()));
after(async () => server.close());

const ADMIN = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };

async function cookieFor(pin: string): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/pair`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pin }) });
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = ADMIN) {
  const res = await fetch(`${server.url}${path}`, { method, headers: { 'content-type': 'application/json', ...headers }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    /* CSV or HTML */
  }
  return { status: res.status, body: json, text, type: res.headers.get('content-type') ?? '' };
}

describe('leagues over the wire', () => {
  it('a season of two nights: standings from the results, roles, bad formulas, CSV, a player page', async () => {
    // Night 1, four players; Dirk, Cees and Bram bust in that order: Anna wins. Finished.
    const night1 = await server.createTournament();
    for (const name of ['Anna Jansen', 'Bram de Vries', 'Cees Bakker', 'Dirk Smit']) await server.ok(night1, { type: 'entry.add', name });
    for (const e of ['e4', 'e3', 'e2']) await server.ok(night1, { type: 'entry.bust', entryIds: [e] });
    // Night 2, three players, still running: Eve out 3rd; Anna (typed differently) and Bram in play.
    const night2 = await server.createTournament();
    for (const name of ['Bram de Vries', '  anna   JANSEN ', 'Eve Visser']) await server.ok(night2, { type: 'entry.add', name });
    await server.ok(night2, { type: 'entry.bust', entryIds: ['e3'] });

    // Roles: a screen may not make a league (401), the floor may not (403).
    assert.equal((await call('POST', '/api/leagues', { name: 'Thursday League' }, {})).status, 401);
    const floor = await call('POST', '/api/leagues', { name: 'Thursday League' }, { cookie: await cookieFor(TEST_PINS.floor) });
    assert.equal(floor.status, 403);
    assert.equal(floor.body.error.code, 'not-authorized');
    const made = await call('POST', '/api/leagues', { name: 'Thursday League', names: 'initials' }, { cookie: await cookieFor(TEST_PINS.td) });
    assert.equal(made.status, 201);
    const league = made.body.league.id as string;

    // Formulas that do not parse or divide by zero, or a tournament not on this server: refused, nothing made.
    const broken = await call('POST', `/api/leagues/${league}/seasons`, { name: 'Autumn', tournaments: [night1], formula: { kind: 'custom', expression: 'n - p +' } });
    assert.equal(broken.status, 400);
    assert.equal(broken.body.error.code, 'invalid-formula');
    const zero = await call('POST', `/api/leagues/${league}/seasons`, { name: 'Autumn', tournaments: [night1], formula: { kind: 'custom', expression: '100 / (p - 1)' } });
    assert.equal(zero.status, 400);
    assert.equal(zero.body.error.code, 'formula-divides-by-zero');
    const unknown = await call('POST', `/api/leagues/${league}/seasons`, { name: 'Autumn', tournaments: ['nosuchthing'], formula: { kind: 'linear' } });
    assert.equal(unknown.body.error.code, 'unknown-tournament');
    assert.deepEqual((await call('GET', `/api/leagues/${league}`)).body.league.seasons, []);

    const created = await call('POST', `/api/leagues/${league}/seasons`, { name: 'Autumn 2026', tournaments: [night1, night2], formula: { kind: 'linear' } });
    assert.equal(created.status, 201);
    const season = created.body.season.id as string;

    // n - p + 1. Night 1 (n = 4): Anna 4, Bram 3, Cees 2, Dirk 1. Night 2 (n = 3): Eve 3rd, 1;
    // Anna and Bram still in play, 0. Dirk and Eve 1 each: same best result, no win, no cash;
    // Dirk reached 1 on the first night, Eve on the second: Dirk first.
    // The public sees initials (the league's setting), and hashed keys, never the names' keys.
    const pub = await call('GET', `/api/leagues/${league}/seasons/${season}/standings`, undefined, {});
    assert.equal(pub.status, 200);
    assert.equal(pub.body.provisional, true);
    assert.deepEqual(
      pub.body.rows.map((r: any) => [r.rank, r.name, r.points, r.played]),
      [
        [1, 'A.J.', 4, 2],
        [2, 'B.d.V.', 3, 2],
        [3, 'C.B.', 2, 1],
        [4, 'D.S.', 1, 1],
        [5, 'E.V.', 1, 1],
      ],
    );
    assert.ok(pub.body.rows.every((r: any) => /^[0-9a-f]{12}$/.test(r.key)), 'public keys are hashes');
    assert.ok(!pub.text.includes('Jansen') && !pub.text.includes('name:'), 'no full name or name key in public standings');

    // CSV: the TD's has the full names, the public's the initials.
    const tdCsv = parse((await call('GET', `/api/leagues/${league}/seasons/${season}/standings.csv`)).text, { columns: true }) as Record<string, string>[];
    assert.deepEqual(tdCsv.map((r) => [r.rank, r.name, r.points]), [['1', 'Anna Jansen', '4.00'], ['2', 'Bram de Vries', '3.00'], ['3', 'Cees Bakker', '2.00'], ['4', 'Dirk Smit', '1.00'], ['5', 'Eve Visser', '1.00']]);
    assert.equal(tdCsv[0]![`points_${night1}`], '4.00');
    assert.equal(tdCsv[0]![`points_${night2}`], '0.00');
    const publicCsv = await call('GET', `/api/leagues/${league}/seasons/${season}/standings.csv`, undefined, {});
    assert.match(publicCsv.type, /text\/csv/);
    assert.ok(!publicCsv.text.includes('Jansen'));
    assert.match(publicCsv.text.split('\n')[1]!, /^1,A\.J\.,[0-9a-f]{12},4\.00,2,2,4\.00,1,/);

    // Night 2 goes on: Bram busts, Anna wins it. Anna 4 + 3 = 7, Bram 3 + 2 = 5: recomputed, not stored.
    await server.ok(night2, { type: 'entry.bust', entryIds: ['e1'] });
    const after2 = await call('GET', `/api/leagues/${league}/seasons/${season}/standings`, undefined, {});
    assert.equal(after2.body.provisional, false);
    assert.deepEqual(after2.body.rows.slice(0, 2).map((r: any) => [r.name, r.points]), [['A.J.', 7], ['B.d.V.', 5]]);

    // Best 1 of 2 and a points table [10, 5]: Anna 10 (both nights; the first counts), Bram 5 (2nd twice), Eve 0
    // (3rd, past the table), Cees and Dirk 0. A bad patch changes nothing.
    const badPatch = await call('PATCH', `/api/leagues/${league}/seasons/${season}`, { formula: { kind: 'custom', expression: 'k / k' } });
    assert.equal(badPatch.body.error.code, 'formula-divides-by-zero');
    assert.equal((await call('GET', `/api/leagues/${league}/seasons/${season}/standings`, undefined, {})).body.rows[0].points, 7);
    const patched = await call('PATCH', `/api/leagues/${league}/seasons/${season}`, { formula: { kind: 'table', points: [10, 5] }, bestOf: 1 });
    assert.equal(patched.status, 200);
    const table = await call('GET', `/api/leagues/${league}/seasons/${season}/standings?top=2`, undefined, {});
    // Under initials the public reads no night: no tournament id with a place, which the public
    // tournament API would resolve to the full name (nor a night's points). The TD reads them.
    assert.deepEqual(table.body.rows.map((r: any) => [r.name, r.points, r.results]), [['A.J.', 10, []], ['B.d.V.', 5, []]]);
    assert.ok(!JSON.stringify(table.body.rows).includes(night1) && !JSON.stringify(table.body.rows).includes(night2));
    const tdTable = await call('GET', `/api/leagues/${league}/seasons/${season}/standings?top=2`);
    assert.deepEqual(tdTable.body.rows.map((r: any) => [r.name, r.points, r.results.map((x: any) => x.counted)]), [['A.J.', 10, [true, false]], ['B.d.V.', 5, [true, false]]]);
    const csvNow = (await call("GET", `/api/leagues/${league}/seasons/${season}/standings.csv`, undefined, {})).text;
    assert.ok(!csvNow.includes(night1) && !csvNow.includes("points_"), csvNow);
    // The public key is keyed by the venue's secret: a guessed name's plain SHA-256 is not it.
    const anna = table.body.rows[0].key as string;
    assert.notEqual(anna, createHash('sha256').update('name:anna jansen').digest('hex').slice(0, 12));

    // A player's page (JSON and HTML): his points, by his public key; his nights once names are full.
    const player = await call('GET', `/api/leagues/${league}/seasons/${season}/players/${anna}`, undefined, {});
    assert.equal(player.body.player.name, 'A.J.');
    assert.deepEqual(player.body.player.results, []);
    const html = await call('GET', `/league/${league}/${season}/player/${anna}?lang=nl`, undefined, {});
    assert.equal(html.status, 200);
    assert.match(html.text, /Uitslagen van A\.J\./);
    assert.ok(!html.text.includes('Jansen'));
    const standingsPage = await call('GET', `/league/${league}?lang=de`, undefined, {});
    assert.match(standingsPage.text, /Gesamtwertung/);
    assert.match(standingsPage.text, /B\.d\.V\./);

    // The screens' view of a tournament: its latest season's standings, 10 rows by default.
    const tv = await call('GET', `/api/tournaments/${night2}/league`, undefined, {});
    assert.equal(tv.body.season.name, 'Autumn 2026');
    assert.equal(tv.body.rows.length, 5);
    const outside = await call('GET', `/api/tournaments/${await server.createTournament()}/league`, undefined, {});
    assert.deepEqual(outside.body, { season: null });

    // Full names once the venue chooses them; "  anna   JANSEN " of night 2 is the same player,
    // shown as first typed (each spelling used on one night).
    await call('PATCH', `/api/leagues/${league}`, { names: 'full' });
    assert.equal((await call('GET', `/api/leagues/${league}/seasons/${season}/standings`, undefined, {})).body.rows[0].name, 'Anna Jansen');
    const full = await call('GET', `/api/leagues/${league}/seasons/${season}/players/${anna}`, undefined, {});
    assert.deepEqual(full.body.player.results.map((x: any) => [x.tournamentId, x.place, x.points]), [[night1, 1, 10], [night2, 1, 10]]);
    // Deleting is the TD's; unknown ones are named.
    assert.equal((await call('DELETE', `/api/leagues/${league}`, undefined, {})).status, 401);
    assert.equal((await call('DELETE', `/api/leagues/${league}`)).status, 200);
    assert.equal((await call('GET', `/api/leagues/${league}/seasons/${season}/standings`, undefined, {})).body.error.code, 'unknown-league');
  });

  it('the formula check answers the points of the first places, or the error', async () => {
    const ok = await call('POST', '/api/leagues/formula/check', { formula: { kind: 'sqrt', scale: 10 }, n: 16 });
    // 10 x sqrt(16 / 1) = 40; 10 x sqrt(16 / 4) = 20.
    assert.equal(ok.body.places[0].points, 40);
    assert.equal(ok.body.places[3].points, 20);
    const bad = await call('POST', '/api/leagues/formula/check', { formula: { kind: 'custom', expression: 'sqrt(' } });
    assert.equal(bad.body.error.code, 'invalid-formula');
    assert.equal((await call('POST', '/api/leagues/formula/check', { formula: { kind: 'linear' } }, {})).status, 401);
  });
});

describe('the public league pages', () => {
  it('write a name as text, never as markup; an unknown league is a 404 page', async () => {
    const night = await server.createTournament();
    for (const name of ['<img src=x onerror=alert(1)>', 'Bram "the Rock" & Co']) await server.ok(night, { type: 'entry.add', name });
    await server.ok(night, { type: 'entry.bust', entryIds: ['e2'] });
    const league = (await call('POST', '/api/leagues', { name: '<b>League</b>' })).body.league.id as string;
    await call('POST', `/api/leagues/${league}/seasons`, { name: 'S1', tournaments: [night], formula: { kind: 'linear' } });
    const page = await call('GET', `/league/${league}`, undefined, {});
    assert.equal(page.status, 200);
    assert.ok(!page.text.includes('<img') && !page.text.includes('<b>League'), 'no markup from names');
    assert.ok(page.text.includes('&#60;img src=x onerror=alert(1)&#62;'));
    assert.ok(page.text.includes('Bram &#34;the Rock&#34; &#38; Co'));
    const missing = await call('GET', '/league/nosuchleague', undefined, {});
    assert.equal(missing.status, 404);
    assert.match(missing.text, /no such league/);
  });

  it('a league that shows nicknames reads them from the player database; merged records count as one player; no nickname: initials', async () => {
    const made = async (body: unknown) => (await call('POST', '/api/players', body)).body.player as { id: string; name: string };
    const anna = await made({ name: 'Anna Jansen', nickname: 'The Hammer' });
    const dup = await made({ name: 'Anna Jansen-Smit' });
    const bram = await made({ name: 'Bram de Vries' });
    // Night 1: Anna (her duplicate record) wins, Bram 2nd. Night 2: Anna wins, Bram 2nd. n - p + 1 each night.
    const nights: string[] = [];
    for (const who of [dup, anna]) {
      const t = await server.createTournament();
      await server.ok(t, { type: 'entry.add', name: who.name, venuePlayerId: who.id });
      await server.ok(t, { type: 'entry.add', name: bram.name, venuePlayerId: bram.id });
      await server.ok(t, { type: 'entry.bust', entryIds: ['e2'] });
      nights.push(t);
    }
    assert.equal((await call('POST', `/api/players/${dup.id}/merge`, { into: anna.id })).status, 200);
    const league = (await call('POST', '/api/leagues', { name: 'Nick League', names: 'nickname' })).body.league.id;
    const season = (await call('POST', `/api/leagues/${league}/seasons`, { name: 'S', tournaments: nights, formula: { kind: 'linear' }, bestOf: null })).body.season.id;
    const pub = await call('GET', `/api/leagues/${league}/seasons/${season}/standings`, undefined, {});
    // Anna: 2 + 2 (both nights, one player after the merge); Bram: 1 + 1.
    assert.deepEqual(pub.body.rows.map((r: any) => [r.rank, r.name, r.points, r.played]), [
      [1, 'The Hammer', 4, 2],
      [2, 'B.d.V.', 2, 2],
    ]);
  });
});
