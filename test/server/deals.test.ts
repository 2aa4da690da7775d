/**
 * Deals over HTTP (issue 23): the final four (prizes 760/471/307/225, chips
 * 350k/250k/150k/70k) on a real server on loopback. A deal below a guarantee without the TD's
 * confirmation is refused by name and changes nothing; confirmed, it is marked in the payouts
 * topic (by name) and in results.csv; deal.undo is refused once a player finished after it.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { sampleTournament } from '../../server/sample.js';

let server: TestServer;
let id: string;
const seq = async () => ((await (await fetch(`${server.url}/api/tournaments/${id}`)).json()) as { seq: number }).seq;

before(async () => {
  server = await startTestServer();
  const t = sampleTournament();
  // 4 x 440.75 = 1,763.00 to the pool; 4 x 205k = 820k chips.
  id = await server.createTournament({ ...t, settings: { ...t.settings, buyIn: 44_075, startingStack: 205_000, lateRegistrationLevel: null } });
  for (const name of ['Anna', 'Bram', 'Cees', 'Daan']) await server.ok(id, { type: 'entry.add', name });
  await server.ok(id, { type: 'payouts.set', amounts: [76_000, 47_100, 30_700, 22_500] });
  await server.ok(id, { type: 'chips.count', counts: [{ entryId: 'e1', chips: 350_000 }, { entryId: 'e2', chips: 250_000 }, { entryId: 'e3', chips: 150_000 }, { entryId: 'e4', chips: 70_000 }] });
});
after(() => server.close());

describe('deals over HTTP', () => {
  // By chips alone: 176,300 x 350/820, 250/820, 150/820, 70/820 = 75,250 / 53,750 / 32,250 / 15,050 (Daan below his 22,500).
  const byChips = { e1: 75_250, e2: 53_750, e3: 32_250, e4: 15_050 };

  it('the proposal: chip-chop pays Daan 298.67, his guarantee 225.00 beside it', async () => {
    const r = await server.ok(id, { type: 'deal.propose' });
    assert.deepEqual(r.players.map((p: any) => [p.name, p.chipChop, p.guarantee]), [['Anna', 59_335, 22_500], ['Bram', 48_811, 22_500], ['Cees', 38_287, 22_500], ['Daan', 29_867, 22_500]]);
  });

  it('below a guarantee without belowGuarantee: 409 deal-below-guarantee naming Daan, the seq does not move', async () => {
    const before = await seq();
    const { status, body } = await server.command(id, { type: 'deal.apply', amounts: byChips, confirmed: true });
    assert.equal(status, 409);
    assert.equal(body.error.code, 'deal-below-guarantee');
    assert.match(body.error.message, /Daan/);
    assert.equal(await seq(), before);
  });

  it('confirmed: marked in the payouts topic by name and in results.csv; no undo once Daan finished', async () => {
    await server.ok(id, { type: 'deal.apply', amounts: byChips, confirmed: true, belowGuarantee: true });
    const { state } = (await (await fetch(`${server.url}/api/tournaments/${id}`)).json()) as any;
    assert.deepEqual(state.payouts.deal.names, { e1: 'Anna', e2: 'Bram', e3: 'Cees', e4: 'Daan' });
    assert.deepEqual(state.payouts.deal.belowGuarantee, ['e4']);
    await server.ok(id, { type: 'entry.bust', entryIds: ['e4'] });
    const undo = await server.command(id, { type: 'deal.undo' });
    assert.deepEqual([undo.status, undo.body.error.code], [409, 'bust-not-latest']);
    const csv = (await (await fetch(`${server.url}/api/tournaments/${id}/results.csv`)).text()).trim().split('\n');
    assert.equal(csv[0], 'place,name,player,entry,entry_number,status,prize,currency,deal');
    // Anna, Bram and Cees still play (rows first, no place yet); Daan finished 4th.
    assert.deepEqual(csv.slice(1, 4).map((l) => l.split(',')[5]), ['in-play', 'in-play', 'in-play']);
    assert.equal(csv[4], '4,Daan,p4,e4,1,busted,150.50,EUR,deal-below-guarantee');
  });
});
