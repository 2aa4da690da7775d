/**
 * The bounty money where the TD pays it, over the wire against a real server: a bust's answer
 * names what each eliminator won (and, in a mystery, the envelope drawn), and the cashier's paid
 * marks on the pay-out sheet survive a restart and are in results.csv. Amounts by hand: a
 * knockout of 25.00 a head; a mystery pool of 3 x 20.00 posted as one 40.00 and two 10.00.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { sampleTournament } from '../../server/sample.js';

const bounty = (format: 'knockout' | 'mystery', amount: number) => ({ format, amount, share: 50, finalTwo: 'whole', rebuy: 0, addon: 0, mysteryFrom: 1, unclaimed: 'players' });

let dataDir: string;
let server: TestServer;
before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'riffle-bounty-pay-'));
  server = await startTestServer({ dataDir });
});
after(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('bounty pay-outs over the wire', () => {
  it('a knockout: the bust answer names the money, paid marks survive a restart and reach results.csv', async () => {
    const sample = sampleTournament();
    const id = await server.createTournament({ ...sample, settings: { ...sample.settings, bounty: bounty('knockout', 2_500) } as never });
    for (const name of ['Anna', 'Bram', 'Cees']) await server.ok(id, { type: 'entry.add', name });
    const result = await server.ok(id, { type: 'entry.bust', entryIds: ['e1'], eliminators: { e1: ['e2'] } });
    assert.deepEqual(result.knockouts, [{ entryId: 'e1', by: [{ entryId: 'e2', name: 'Bram', amount: 2_500 }] }]);

    // More than he won is refused and changes nothing; then 25.00 is marked handed out.
    const over = await server.command(id, { type: 'bounty.markPaid', entryId: 'e2', amount: 2_501 });
    assert.equal(over.status, 400);
    assert.equal(over.body.error.code, 'bounty-overpaid');
    await server.ok(id, { type: 'bounty.markPaid', entryId: 'e2', amount: 2_500 });

    await server.riffle.close();
    server = await startTestServer({ dataDir });
    const players = (await (await fetch(`${server.url}/api/tournaments/${id}`)).json()) as any;
    const bram = players.state.players.entries.find((e: any) => e.id === 'e2');
    assert.deepEqual([bram.knockouts, bram.bountyPaid], [{ count: 1, amount: 2_500 }, 2_500]);
    const csv = (await (await fetch(`${server.url}/api/tournaments/${id}/results.csv`)).text()).trim().split('\n');
    assert.match(csv[0]!, /,bounties_won,eliminated_by,bounties_paid$/);
    assert.match(csv.find((l) => l.includes(',e2,'))!, /,1,25\.00,,25\.00$/);
    assert.match(csv.find((l) => l.includes(',e3,'))!, /,0,0\.00,,0\.00$/);
  });

  it('a mystery: the bust answer names the envelope drawn', async () => {
    const sample = sampleTournament();
    const id = await server.createTournament({ ...sample, settings: { ...sample.settings, bounty: bounty('mystery', 2_000) } as never });
    for (const name of ['Anna', 'Bram', 'Cees']) await server.ok(id, { type: 'entry.add', name });
    await server.ok(id, { type: 'bounty.post', prizes: [{ amount: 4_000, count: 1 }, { amount: 1_000, count: 2 }] });
    await server.ok(id, { type: 'clock.start' });
    const result = await server.ok(id, { type: 'entry.bust', entryIds: ['e1'], eliminators: { e1: ['e3'] } });
    const [k] = result.knockouts;
    assert.ok([4_000, 1_000].includes(k.envelope), `envelope ${k.envelope}`);
    assert.deepEqual(k.by, [{ entryId: 'e3', name: 'Cees', amount: k.envelope }]);
  });

  it('a paid mark outlives a correction of who won: the sheet then shows it handed out too much', async () => {
    const sample = sampleTournament();
    const id = await server.createTournament({ ...sample, settings: { ...sample.settings, bounty: bounty('knockout', 2_500) } as never });
    for (const name of ['Anna', 'Bram', 'Cees']) await server.ok(id, { type: 'entry.add', name });
    await server.ok(id, { type: 'entry.bust', entryIds: ['e1'], eliminators: { e1: ['e2'] } });
    await server.ok(id, { type: 'bounty.markPaid', entryId: 'e2', amount: 2_500 });
    // Cees took Anna's chips, not Bram: Bram won nothing, and was handed 25.00.
    await server.ok(id, { type: 'entry.setEliminators', entryId: 'e1', eliminators: ['e3'] });
    const players = ((await (await fetch(`${server.url}/api/tournaments/${id}`)).json()) as any).state.players.entries;
    const line = (e: string) => players.find((x: any) => x.id === e);
    assert.deepEqual([line('e2').knockouts, line('e2').bountyPaid], [undefined, 2_500]);
    assert.deepEqual([line('e3').knockouts, line('e3').bountyPaid], [{ count: 1, amount: 2_500 }, undefined]);
  });
});
