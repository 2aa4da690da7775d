/**
 * The seat lookup's one read (issue 23, item 5), on a real loopback server: a player's phone
 * asks for the few players whose name holds the letters typed and gets table and seat, never
 * the field; bounded query and answer; a player who is out gets his place.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { fixedSeeds } from '../../server/time.js';
import { indexOf, seatIndex } from '../../server/routes/seat.js';

let server: TestServer;
before(async () => {
  server = await startTestServer({ seeds: fixedSeeds('seat-lookup') });
});
after(() => server.close());

const lookup = async (id: string, q: string) => {
  const res = await fetch(`${server.url}/api/tournaments/${id}/seat?q=${encodeURIComponent(q)}`);
  return { status: res.status, length: Number(res.headers.get('content-length')), body: (await res.json()) as any };
};

describe('GET /api/tournaments/:id/seat', () => {
  it('finds a player by a few letters, accents and case aside, with table and seat', async () => {
    const id = await server.createTournament();
    await server.ok(id, { type: 'table.add' });
    await server.ok(id, { type: 'table.add' });
    const names = ['Đurđica Müller', 'Ana Kovač', 'Bram de Vries', 'Søren Ørsted', 'Karen Jensen', 'Ivo Ivić'];
    for (const name of names) await server.ok(id, { type: 'entry.add', name });
    // Before the draw: found, no seat yet.
    let found = await lookup(id, 'DURD');
    assert.equal(found.status, 200);
    assert.deepEqual(found.body.matches, [{ name: 'Đurđica Müller', table: null, seat: null }]);
    await server.ok(id, { type: 'seating.draw' });
    const state = (await (await fetch(`${server.url}/api/tournaments/${id}`)).json()) as any;
    const where = (name: string) => {
      for (const t of state.state.seating.tables) for (const s of t.seats) if (s.name === name) return { table: t.number, seat: s.seat, entryId: s.entryId };
      throw new Error(name);
    };
    found = await lookup(id, 'mull');
    assert.deepEqual(found.body.matches, [{ name: 'Đurđica Müller', ...where('Đurđica Müller'), entryId: undefined }].map(({ entryId, ...m }) => m));
    // "iv" is in Ivo Ivić and in nobody else; "en" in Karen Jensen and Søren Ørsted, by name.
    assert.deepEqual(found.body.more, false);
    assert.deepEqual((await lookup(id, 'en')).body.matches.map((m: any) => m.name), ['Karen Jensen', 'Søren Ørsted']);
    assert.deepEqual((await lookup(id, 'orst')).body.matches.map((m: any) => m.name), ['Søren Ørsted']);
    // The answer states its length (the request budget charges it) and names no entry id.
    assert.equal(found.length > 0, true);
    assert.doesNotMatch(JSON.stringify(found.body), /entryId|"e\d+"/);
    // Out: the place instead of a seat (6 entries, the first bust is 6th).
    await server.ok(id, { type: 'entry.bust', entryIds: [where('Ana Kovač').entryId] });
    assert.deepEqual((await lookup(id, 'kovac')).body.matches, [{ name: 'Ana Kovač', table: null, seat: null, out: { place: 6, placeTo: 6 } }]);
  });

  it('answers at most 10 names, says there are more, and refuses a query too short or too long', async () => {
    const id = await server.createTournament();
    for (let i = 1; i <= 14; i++) await server.ok(id, { type: 'entry.add', name: `Player ${String(i).padStart(2, '0')}` });
    const all = await lookup(id, 'player');
    assert.equal(all.body.matches.length, 10);
    assert.equal(all.body.more, true);
    assert.deepEqual(all.body.matches.map((m: any) => m.name), Array.from({ length: 10 }, (_, i) => `Player ${String(i + 1).padStart(2, '0')}`));
    assert.equal((await lookup(id, 'p')).status, 400);
    assert.equal((await lookup(id, ' p ')).body.error.code, 'invalid-query');
    assert.equal((await lookup(id, 'x'.repeat(41))).status, 400);
    assert.equal((await fetch(`${server.url}/api/tournaments/nosuch/seat?q=ab`)).status, 404);
  });
});

describe('the seat index kept from change to change', () => {
  it('answers after each change as an index made whole from the same views', async () => {
    const id = await server.createTournament();
    for (let i = 0; i < 4; i++) await server.ok(id, { type: 'table.add' });
    for (let i = 1; i <= 30; i++) await server.ok(id, { type: 'entry.add', name: `Pl ${String(i).padStart(2, '0')} ${i % 3 ? 'Kovač' : 'Jensen'}` });
    await server.ok(id, { type: 'seating.draw' });
    const host = server.riffle.registry.get(id)!;
    const check = async (what: string) => {
      // The route's own path first (it brings the kept index up to this seq).
      assert.equal((await lookup(id, 'pl')).status, 200);
      const whole = seatIndex(host.view('seating'), host.view('players'));
      for (const q of ['pl', 'kovac', 'jensen', 'pl 1', 'late']) {
        assert.deepEqual(indexOf(host).lookup(q, 1000), whole.lookup(q, 1000), `${what}: ${q}`);
      }
    };
    await check('drawn');
    const seated = () => host.state.entries.entries.filter((e) => e.status === 'active');
    for (let i = 0; i < 8; i++) {
      await server.ok(id, { type: 'entry.bust', entryIds: [seated()[i]!.id] });
      await check(`bust ${i}`);
    }
    // The latest bust (the lowest place so far) is the one that can be undone.
    const busted = host.state.entries.entries.filter((e) => e.status === 'busted').sort((a, b) => (a.place ?? 0) - (b.place ?? 0))[0]!;
    await server.ok(id, { type: 'entry.undoBust', entryId: busted.id });
    await check('undo');
    const other = host.state.entries.entries.find((e) => e.status === 'busted')!;
    await server.ok(id, { type: 'entry.reenter', playerId: other.playerId });
    await check('re-entry');
    await server.ok(id, { type: 'entry.add', name: 'Late Kovač' });
    await check('late registration');
    await server.ok(id, { type: 'table.break' });
    await check('table break');
    // The kept index finds the moved players at their new seats, the re-entered one in play.
    const found = indexOf(host).lookup('pl', 1000).matches;
    assert.equal(found.filter((m) => m.out).length, 6);
    assert.equal(found.filter((m) => m.table !== null).length + found.filter((m) => m.out).length + found.filter((m) => !m.out && m.table === null).length, found.length);
  });
});
