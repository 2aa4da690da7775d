/**
 * Bounties over the wire (issue 25), against a real server on a loopback port: a KO night's
 * bust without its eliminator is refused, results.csv gains its bounty columns and the knockouts view sorts players by bounty money won. Amounts worked by hand: 3 players, 25.00 a head.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { sampleTournament } from '../../server/sample.js';

let server: TestServer;
before(async () => (server = await startTestServer()));
after(async () => server.close());

describe('bounties over the wire', () => {
  it('a KO night: eliminators on the event, results.csv columns and the knockouts view', async () => {
    const sample = sampleTournament();
    const id = await server.createTournament({
      ...sample,
      settings: { ...sample.settings, bounty: { format: 'knockout', amount: 2_500, share: 50, finalTwo: 'whole', rebuy: 0, addon: 0, mysteryFrom: 'money', unclaimed: 'players' } },
    });
    for (const name of ['Anna', '=Bram', 'Cees']) await server.ok(id, { type: 'entry.add', name });
    // Without the eliminator a bounty bust is refused in the caller's terms.
    const refused = await server.command(id, { type: 'entry.bust', entryIds: ['e1'] });
    assert.equal(refused.status, 400);
    assert.equal(refused.body.error.code, 'eliminator-required');
    await server.ok(id, { type: 'entry.bust', entryIds: ['e1'], eliminators: { e1: ['e2'] } });
    // Bram busts Cees too and wins: 25.00 + 25.00 + his own 25.00 = 75.00.
    await server.ok(id, { type: 'entry.bust', entryIds: ['e3'], eliminators: { e3: ['e2'] } });
    const csv = (await (await fetch(`${server.url}/api/tournaments/${id}/results.csv`)).text()).trim().split('\n');
    assert.equal(csv[0], 'place,name,player,entry,entry_number,status,prize,currency,deal,knockouts,bounties_won,eliminated_by,bounties_paid');
    assert.match(csv[1]!, /^1,'=Bram,p2,e2,1,winner,[0-9.]+,EUR,,2,75\.00,,0\.00$/);
    assert.match(csv[2]!, /^2,Cees,p3,e3,1,busted,[0-9.]+,EUR,,0,0\.00,'=Bram,0\.00$/);
    assert.match(csv[3]!, /^3,Anna,p1,e1,1,busted,0\.00,EUR,,0,0\.00,'=Bram,0\.00$/);
    const ko = (await (await fetch(`${server.url}/api/tournaments/${id}/knockouts`)).json()) as any;
    assert.equal(ko.format, 'knockout');
    assert.deepEqual(ko.players[0], { entryId: 'e2', name: '=Bram', count: 2, amount: 7_500, head: 0 });
    assert.deepEqual(ko.players.slice(1).map((p: any) => [p.entryId, p.eliminatedBy]), [['e1', ['=Bram']], ['e3', ['=Bram']]]);
  });
});
