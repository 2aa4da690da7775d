/**
 * Seating over the public API on a real loopback server: commands over HTTP, the `seating` and
 * `moves` topics and their events over WebSocket, roles, bad input, the seat lookup page, and
 * the "done when" simulation: a 300-player, 34-table event from the draw to heads-up, every
 * suggestion (balance, breaks, final table) applied through HTTP and checked against the rules.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, TEST_ADMIN_TOKEN, TEST_PINS, type TestServer } from '../helpers/server.js';
import { TestClient } from '../helpers/ws-client.js';
import { checkRoom } from '../helpers/seating.js';
import { sampleTournament } from '../../server/sample.js';
import { seededRng } from '../../server/engine/random.js';
import { finalTableSize } from '../../server/engine/seating/index.js';
import { PRESETS, type PresetId } from '../../server/engine/presets.js';
import { replay } from '../../server/engine/replay.js';
import { Store } from '../../server/host/store.js';
import type { MovesView, SeatingView } from '../../server/protocol/seating.js';
import { fixedSeeds } from '../../server/time.js';
import { playersBeforeButton } from '../helpers/seating.js';
import { toStored } from '../../server/host/state-json.js';

let server: TestServer;

before(async () => {
  // Pinned seeds: every draw (seats, buttons, table breaks) is the same on every run.
  server = await startTestServer({ seeds: fixedSeeds('seating-test') });
});
after(() => server.close());

async function views(id: string): Promise<{ seq: number; seating: SeatingView; moves: MovesView }> {
  // As the admin: a simulation reads the whole state after every step, past what an anonymous
  // address may read a second (server/net/request-budget.ts).
  const body = (await (await fetch(`${server.url}/api/tournaments/${id}`, { headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` } })).json()) as any;
  return { seq: body.seq, seating: body.state.seating, moves: body.state.moves };
}

async function ok(id: string, command: Record<string, unknown>): Promise<any> {
  const { status, body } = await server.command(id, command);
  assert.equal(status, 200, `${String(command.type)}: ${JSON.stringify(body)}`);
  return body.result;
}

async function event(id: string, preset: PresetId = 'tda-2015-munkebjerg'): Promise<string> {
  return server.createTournament({ ...sampleTournament(), name: `Seating ${preset}`, preset });
}

describe('seating over HTTP and WebSocket', () => {
  it('draws seats, publishes the topics and sends table.move to screens', async () => {
    const id = await event('x');
    for (let i = 0; i < 2; i++) await ok(id, { type: 'table.add' });
    for (let i = 0; i < 18; i++) await ok(id, { type: 'entry.add', name: `Player ${i + 1}` });
    const client = await TestClient.connect(server.wsUrl);
    client.send({ type: 'subscribe', tournament: id, topics: ['seating', 'moves'] });
    const snap = await client.next('snapshot');
    assert.deepEqual(Object.keys(snap.state).sort(), ['moves', 'seating']);
    const drawn = await ok(id, { type: 'seating.draw' });
    assert.equal(drawn.seated, 18);
    const patch = await client.next('patch', (m) => (m.events ?? []).some((e) => e.type === 'seats.drawn'));
    assert.equal(patch.changes.seating!.seated, 18);
    assert.ok(patch.changes.seating!.tables[0]!.seats.some((s) => s.name?.startsWith('Player ')));
    await ok(id, { type: 'button.draw' });
    const { seating } = await views(id);
    const victims = playersBeforeButton(seating.tables[1]!, 2);
    for (const v of victims) await ok(id, { type: 'entry.bust', entryIds: [v.entryId] });
    const { moves } = await views(id);
    assert.ok(moves.suggestion, 'the balance suggestion is shown, not applied');
    assert.match(moves.suggestion.text, /^Table 1 → Table 2, seat \d+: the player due for the big blind next$/);
    await ok(id, { type: 'balance.apply', entryId: moves.suggestion.entryId, seat: moves.suggestion.to.seat });
    const moved = await client.next('patch', (m) => (m.events ?? []).some((e) => e.type === 'table.move'));
    const e = moved.events!.find((x) => x.type === 'table.move')!;
    assert.ok(e.type === 'table.move' && e.move.entryId === moves.suggestion.entryId && e.move.to.table === 2);
    client.close();
  });

  it('lets floor staff move players but keeps room set-up and undo for the TD', async () => {
    const id = await event('roles');
    const pair = await fetch(`${server.url}/api/auth/pair`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pin: TEST_PINS.floor }),
    });
    const cookie = pair.headers.get('set-cookie')!.split(';')[0]!;
    const asFloor = async (command: Record<string, unknown>) => {
      const res = await fetch(`${server.url}/api/tournaments/${id}/commands`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, origin: server.url },
        body: JSON.stringify(command),
      });
      return { status: res.status, body: (await res.json()) as any };
    };
    assert.equal((await asFloor({ type: 'table.add' })).body.error.code, 'not-authorized');
    await ok(id, { type: 'table.add' });
    await ok(id, { type: 'entry.add', name: 'Solo' });
    assert.equal((await asFloor({ type: 'seating.draw' })).status, 200);
    assert.equal((await asFloor({ type: 'seating.undo' })).status, 403);
    const anon = await server.command(id, { type: 'seating.draw' }, null);
    assert.equal(anon.status, 401);
  });

  it('refuses bad input with a typed error and changes nothing', async () => {
    const id = await event('bad');
    await ok(id, { type: 'table.add' });
    await ok(id, { type: 'table.add' });
    for (let i = 0; i < 10; i++) await ok(id, { type: 'entry.add', name: `P${i}` });
    await ok(id, { type: 'seating.draw' });
    const { seating } = await views(id);
    const a = seating.tables[0]!.seats.find((s) => s.entryId)!;
    const b = seating.tables[1]!.seats.find((s) => s.entryId)!;
    await ok(id, { type: 'entry.bust', entryIds: [b.entryId] });
    const b2 = (await views(id)).seating.tables[1]!.seats.find((s) => s.entryId)!;
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ type: 'seat.move', entryId: a.entryId, tableId: 't2', seat: 10 }, 409, 'seat-not-found'],
      [{ type: 'seat.move', entryId: a.entryId, tableId: 't2', seat: b2.seat }, 409, 'seat-taken'],
      [{ type: 'seat.move', entryId: b.entryId, tableId: 't1', seat: 1 }, 409, 'entry-busted'],
      [{ type: 'seat.move', entryId: a.entryId, tableId: 't2', seat: 'one' }, 400, 'invalid-command'],
      [{ type: 'table.break', tableId: 't7' }, 400, 'unknown-table'],
      [{ type: 'balance.apply' }, 409, 'no-suggestion'],
    ];
    for (const [command, status, code] of cases) {
      const before = await views(id);
      const res = await server.command(id, command);
      assert.equal(res.body.error?.code, code, JSON.stringify(command));
      assert.ok([status, 400, 409].includes(res.status));
      assert.deepEqual(await views(id), before, `${code} changes nothing`);
    }
    // The last table cannot break.
    const one = await event('one');
    await ok(one, { type: 'table.add' });
    const res = await server.command(one, { type: 'table.break', tableId: 't1' });
    assert.equal(res.status, 409);
    assert.equal(res.body.error.code, 'last-table');
  });

  it('serves the public seat lookup page', async () => {
    const id = await event('page');
    const res = await fetch(`${server.url}/seat/${id}`);
    assert.equal(res.status, 200);
    assert.match(await res.text(), /riffle-seat/);
    assert.equal((await fetch(`${server.url}/seat/nosuch`)).status, 404);
  });
});

/**
 * The "done when" simulation. Busts come at random (a fixed seed), one hand at a time; after each
 * hand the TD applies whatever the moves topic shows - a table break, the final table, balance
 * moves - until nothing is left to do, and every step is checked against the rules.
 */
async function simulate(preset: PresetId, players: number, tableCount: number) {
  const rules = PRESETS[preset].rules;
  const id = await event('sim', preset);
  const rng = seededRng(`simulation-${preset}`);
  for (let i = 0; i < players; i++) await ok(id, { type: 'entry.add', name: `Player ${i + 1}` });
  for (let i = 0; i < tableCount; i++) await ok(id, { type: 'table.add', seats: rules.seatsPerTable });
  assert.equal((await ok(id, { type: 'seating.draw' })).seated, players);
  await ok(id, { type: 'button.draw' });
  let active = new Set<string>(Array.from({ length: players }, (_, i) => `e${i + 1}`));
  const stats = { balance: 0, breaks: 0, finalTable: 0, blocked: 0, hands: 0 };
  let finalFormed = false;
  while (active.size > 2) {
    // One hand at every table; one or two players bust.
    await ok(id, { type: 'hand.next' });
    stats.hands++;
    const busts = Math.min(active.size - 2, 1 + rng.int(2));
    const beforeHand = active.size;
    const list = [...active];
    const chosen = rng.shuffle(list).slice(0, busts);
    const { seating } = await views(id);
    const tableOf = Object.fromEntries(seating.tables.flatMap((t) => t.seats.filter((s) => s.entryId).map((s) => [s.entryId!, t.id])));
    const startChips = Object.fromEntries(chosen.map((e, i) => [e, 1000 + i]));
    await ok(id, { type: 'entry.bust', entryIds: chosen, ...(chosen.length > 1 ? { tables: Object.fromEntries(chosen.map((e) => [e, tableOf[e]!])), startChips } : {}) });
    for (const e of chosen) active.delete(e);
    // Apply every suggestion the floor call shows.
    for (let guard = 0; ; guard++) {
      assert.ok(guard < 40, 'the floor call settles');
      const { seating: room, moves } = await views(id);
      checkRoom(room, [...active]);
      assert.equal(room.waiting.length, 0, 'nobody waits for a seat');
      if (moves.tableBreak) {
        const players = moves.tableBreak.players;
        const result = await ok(id, { type: 'table.break' });
        assert.equal(result.moves.length, players);
        stats.breaks++;
        continue;
      }
      if (moves.finalTableCall) {
        assert.ok(!finalFormed, 'the final table is formed once');
        const size = finalTableSize(rules);
        assert.ok(active.size <= size);
        assert.ok(beforeHand > size, `called in the hand the field reached ${size}: the final table forms at exactly its size unless that hand busted two`);
        if (busts === 1) assert.equal(active.size, size, 'exactly the preset size');
        const result = await ok(id, { type: 'finalTable.form' });
        const after = await views(id);
        assert.equal(after.seating.tables.length, 1);
        assert.equal(after.seating.tables[0]!.players, active.size);
        assert.equal(after.seating.tables[0]!.button, result.buttonSeat, 'the high card has the button');
        finalFormed = true;
        stats.finalTable++;
        continue;
      }
      if (moves.suggestion) {
        const s = moves.suggestion;
        assert.equal(s.exact, true, 'buttons are known everywhere');
        await ok(id, { type: 'balance.apply', entryId: s.entryId, seat: s.to.seat });
        const after = (await views(id)).seating;
        const dest = after.tables.find((t) => t.id === s.to.tableId)!;
        assert.equal(dest.seats[s.to.seat - 1]!.entryId, s.entryId);
        assert.notEqual(dest.smallBlind, s.to.seat, 'TDA 2017 r10A: never seated into the small blind');
        stats.balance++;
        continue;
      }
      if (moves.blocked) {
        stats.blocked++;
        break;
      }
      const counts = room.tables.map((t) => t.players);
      assert.ok(Math.max(...counts) - Math.min(...counts) <= rules.balanceTolerance, `tables within tolerance: ${counts.join(',')}`);
      break;
    }
  }
  const { seating } = await views(id);
  assert.ok(finalFormed, 'the final table was formed');
  assert.equal(seating.tables.length, 1);
  assert.equal(seating.seated, 2, 'heads-up');
  // The whole event replays from the command log (every draw from its logged seed).
  const store = new Store(server.riffle.db);
  const stored = store.loadTournaments().find((t) => t.id === id)!;
  assert.deepEqual(toStored(replay(stored.origin, store.log(id))), toStored(stored.state), 'stored state equals a replay of the log');
  return { id, stats };
}

// The same event under TDA 2015 (2-step random breaks, final table of 10) runs at engine level in
// test/engine/seating-commands.test.ts, to keep this suite light.
describe('simulation: 300 players, 34 tables, draw to heads-up over HTTP', () => {
  it('TDA 2024 / ONK: seat cards, final table of 9', async (t) => {
    const { stats } = await simulate('tda-2024-onk', 300, 34);
    t.diagnostic(JSON.stringify(stats));
    assert.ok(stats.breaks >= 30, `tables broke: ${JSON.stringify(stats)}`);
    assert.ok(stats.balance > 0);
  });
});
