/**
 * The stream overlays follow the floor: a bust pops an alert with the place and the prize, a
 * same-hand double bust shows the shared place, a chip count moves the leaderboard's ranks and
 * big blinds, a busted player's plate greys out and goes, a lower third and a player clock
 * appear. Expected values are worked out by hand from the payout table, not by the code.
 *
 * The field: 24 entries of €90 prize money = €2,160; the default table for up to 27 entries
 * pays 45/27/17/11 %, each place below 1st rounded down to whole euros: 2nd €583 (583.20),
 * 3rd €367 (367.20), 4th €237 (237.60), 1st the rest, €973.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { eventually, type TestBrowser, withServerAndBrowser } from '../helpers/browser.js';
import { type TestServer } from '../helpers/server.js';
import { alertLog, following, openOverlay, recordAlerts, settled } from '../helpers/overlays.js';

let server: TestServer;
let browser: TestBrowser;

withServerAndBrowser((s, b) => ((server = s), (browser = b)));

/** 24 entries at 3 tables, seated, the clock running. */
async function field(size = 24): Promise<string> {
  const id = await server.createTournament();
  for (let t = 0; t < 3; t++) await server.ok(id, { type: 'table.add' });
  for (let i = 0; i < size; i++) await server.ok(id, { type: 'entry.add', name: `Player ${i + 1}`, country: 'NL' });
  await server.ok(id, { type: 'seating.draw' });
  await server.ok(id, { type: 'button.draw' });
  await server.ok(id, { type: 'clock.start' });
  return id;
}

function activeByTable(id: string): Map<string, string[]> {
  const seating = server.riffle.registry.get(id)!.view('seating');
  return new Map(seating.tables.map((t) => [t.id, t.seats.filter((s) => s.entryId).map((s) => s.entryId!)]));
}

function nameOf(id: string, entryId: string): string {
  return server.riffle.registry.get(id)!.view('players').entries.find((e) => e.id === entryId)!.name;
}

/** Busts one player at a time (from the fullest table) until `left` are in play. */
async function bustDownTo(id: string, left: number): Promise<void> {
  for (;;) {
    const tables = [...activeByTable(id).values()].sort((a, b) => b.length - a.length);
    const inPlay = tables.reduce((n, t) => n + t.length, 0);
    if (inPlay <= left) return;
    await server.ok(id, { type: 'entry.bust', entryIds: [tables[0]!.at(-1)!] });
  }
}

const shadow = (page: Page, kind: string, selector: string) =>
  page.evaluate(([tag, sel]) => [...(document.querySelector(tag!)?.shadowRoot?.querySelectorAll(sel!) ?? [])].map((e) => e.textContent!.replace(/\s+/g, ' ').trim()), [`riffle-overlay-${kind}`, selector]);

describe('alerts overlay', () => {
  it('announces eliminations with place and prize, and the bubble bursting, in order', async () => {
    const id = await field();
    await bustDownTo(id, 6);
    const page = await openOverlay(browser, server, id, 'alerts', '?seconds=2');
    await following(page, 'alerts');
    await recordAlerts(page);
    const order: string[] = [];
    for (let i = 0; i < 3; i++) {
      const tables = [...activeByTable(id).values()].sort((a, b) => b.length - a.length);
      const out = tables[0]!.at(-1)!;
      order.push(nameOf(id, out));
      await server.ok(id, { type: 'entry.bust', entryIds: [out] });
    }
    // 6 left: the first out is 6th, the next 5th (4 paid: no prize), then 4th is in the money.
    const expected = [
      `Eliminated|${order[0]}, 6th`,
      `Eliminated|${order[1]}, 5th`,
      'The bubble has burst|4 players in the money',
      `Eliminated|${order[2]}, 4th, €237`,
    ];
    const log = await eventually(() => alertLog(page), (l) => l.length >= expected.length, 20_000, 'four alerts, queued one after another');
    assert.deepEqual(log.slice(0, 4), expected);
    assert.deepEqual(browser.errors, []);
    await page.close();
  });

  it('shows the place two players share when they bust in the same hand at different tables, and replays the last alert', async () => {
    const id = await field();
    await bustDownTo(id, 4);
    const tables = [...activeByTable(id).entries()].filter(([, seats]) => seats.length > 0);
    const page = await openOverlay(browser, server, id, 'alerts', '?seconds=2&lang=nl');
    await following(page, 'alerts');
    // The overlay paints English until its Dutch texts (a chunk of their own) have arrived.
    await page.waitForLoadState('networkidle');
    await recordAlerts(page);
    let a: string;
    let b: string;
    if (tables.length >= 2) {
      a = tables[0]![1][0]!;
      b = tables[1]![1][0]!;
      await server.ok(id, { type: 'entry.bust', entryIds: [a, b], tables: { [a]: tables[0]![0], [b]: tables[1]![0] } });
    } else {
      // All four at one table: equal stacks at the start of the hand share too (MEC r7).
      [a, b] = tables[0]![1] as [string, string];
      await server.ok(id, { type: 'entry.bust', entryIds: [a, b], startChips: { [a]: 5000, [b]: 5000 } });
    }
    // 3rd and 4th shared: (€367 + €237) / 2 = €302 each. Dutch: "3e-4e", "€ 302".
    const log = await eventually(() => alertLog(page), (l) => l.length >= 2, 10_000, 'two alerts');
    const texts = log.slice(0, 2).map((l) => l.replace(/\s/g, ' '));
    assert.deepEqual(new Set(texts), new Set([`Uitgeschakeld|${nameOf(id, a)}, 3e-4e, € 302`, `Uitgeschakeld|${nameOf(id, b)}, 3e-4e, € 302`]));
    await server.ok(id, { type: 'stream.replayAlert' });
    const again = await eventually(() => alertLog(page), (l) => l.length >= 3, 10_000, 'the replayed alert');
    assert.equal(again[2], log[1], 'the last alert, again');
    assert.deepEqual(browser.errors, []);
    await page.close();
  });
});

describe('leaderboard overlay', () => {
  it('a chip count moves the ranks (marks against the ranking seen before) and the stacks in big blinds', async () => {
    const id = await server.createTournament();
    for (const name of ['Anna', 'Bram', 'Cleo', 'Dirk']) await server.ok(id, { type: 'entry.add', name });
    await server.ok(id, { type: 'level.set', index: 2 }); // level 3: 75 / 150
    const counts = { e1: 30_000, e2: 20_000, e3: 10_000, e4: 5_000 };
    for (const [entryId, chips] of Object.entries(counts)) await server.ok(id, { type: 'chips.set', entryId, chips });
    const page = await openOverlay(browser, server, id, 'leaderboard', '?stack=both');
    await settled(page, 'leaderboard');
    assert.deepEqual(await shadow(page, 'leaderboard', '[part="row"] .name'), ['Anna', 'Bram', 'Cleo', 'Dirk']);
    assert.equal((await shadow(page, 'leaderboard', '[part~="move-up"], [part~="move-down"]')).length, 0, 'a fresh page shows no rank changes');
    // 30,000 / 150 = 200 BB; 20,000 / 150 = 133.3 -> 133 BB; 10,000 = "10k", 66.6 BB; 5,000 = 33.3 BB.
    assert.deepEqual(await shadow(page, 'leaderboard', '[part="stack"]'), ['30k 200 BB', '20k 133 BB', '10k 66.6 BB', '5,000 33.3 BB']);

    // Cleo doubles through twice: 45,000 = 300 BB, first; Anna and Bram each one place down.
    await server.ok(id, { type: 'chips.count', counts: [{ entryId: 'e3', chips: 45_000 }] });
    await eventually(() => shadow(page, 'leaderboard', '[part="row"] .name'), (n) => n[0] === 'Cleo', 3000, 'Cleo on top');
    assert.deepEqual(await shadow(page, 'leaderboard', '[part="row"] .name'), ['Cleo', 'Anna', 'Bram', 'Dirk']);
    assert.deepEqual(await shadow(page, 'leaderboard', '[part="row"] .move'), ['▲2', '▼1', '▼1', '']);
    assert.equal((await shadow(page, 'leaderboard', '[part="stack"]'))[0], '45k 300 BB');
    // The average is the chips in play (4 starting stacks of 20,000; a count moves chips, it does
    // not make them) over 4 players: 20k, 133 BB at 150.
    assert.equal((await shadow(page, 'leaderboard', '[part="average"]'))[0], '20k · 133 BB');

    // A second count compares with the ranking after the first: Dirk (25k) up one past Bram, who drops one.
    await server.ok(id, { type: 'chips.set', entryId: 'e4', chips: 25_000 });
    await eventually(() => shadow(page, 'leaderboard', '[part="row"] .move'), (m) => m.join() === ',,▲1,▼1', 3000, 'marks of the second count');
    assert.deepEqual(browser.errors, []);
    await page.close();
  });
});

describe('table overlay', () => {
  it('plates for the featured table with flags and markers; a busted player greys out, then goes', async () => {
    const id = await field(12);
    const [tableId, seated] = [...activeByTable(id).entries()].find(([, s]) => s.length > 0)!;
    await server.ok(id, { type: 'stream.feature', tableId });
    const page = await openOverlay(browser, server, id, 'table');
    await settled(page, 'table');
    assert.equal((await shadow(page, 'table', '[part~="plate"]')).length, seated.length);
    // The flags' files load after the plates are drawn: wait until each has loaded or failed.
    await page.waitForFunction(() => [...document.querySelector('riffle-overlay-table')!.shadowRoot!.querySelectorAll('img')].every((i) => i.complete), undefined, { timeout: 5000 });
    const flags = await page.evaluate(() => [...document.querySelector('riffle-overlay-table')!.shadowRoot!.querySelectorAll('img[part="flag"]')].map((i) => (i as HTMLImageElement).naturalWidth > 0 && i.getAttribute('src')));
    assert.ok(flags.length === seated.length && flags.every((src) => src === '/assets/flags/nl.svg'), `flags load: ${JSON.stringify(flags)}`);
    assert.equal((await shadow(page, 'table', '[part="button"]')).length, 1, 'one button');
    assert.equal((await shadow(page, 'table', '[part="big-blind"]')).length, 1, 'one big blind');
    // 20,000 chips at 25 / 50: "20k" on one line, "400 BB" under it (the default ?stack=both).
    assert.ok((await shadow(page, 'table', '[part="stack"]')).every((s) => s === '20k'));
    assert.ok((await shadow(page, 'table', '[part="bbs"]')).every((s) => s === '400 BB'));
    const out = seated[0]!;
    // The page's own clock from here on: the test moves it past the 8 s a busted plate stays
    // (in 2 s steps, each shorter than the heartbeat's pong timeout) instead of waiting them out.
    await page.clock.install();
    await server.ok(id, { type: 'entry.bust', entryIds: [out] });
    await eventually(() => shadow(page, 'table', `[part~="busted"]`), (b) => b.length === 1, 3000, 'greyed-out plate');
    for (let s = 0; s < 4; s++) await page.clock.fastForward(2000);
    await eventually(() => shadow(page, 'table', '[part~="plate"]'), (p) => p.length === seated.length - 1, 12_000, 'the plate gone');
    assert.deepEqual(browser.errors, []);
    await page.close();
  });
});

describe('lower third and player clock', () => {
  it('a lower third pushed for 2 seconds shows, then goes by itself', async () => {
    const id = await server.createTournament();
    const page = await openOverlay(browser, server, id, 'lower-third');
    await server.ok(id, { type: 'stream.lowerThird', title: 'Anna Jansen', subtitle: 'Amsterdam', seconds: 2 });
    await settled(page, 'lower-third');
    assert.deepEqual(await shadow(page, 'lower-third', '[part="title"], [part="subtitle"]'), ['Anna Jansen', 'Amsterdam']);
    await eventually(
      () => page.evaluate(() => document.querySelector('riffle-overlay-lower-third')!.shadowRoot!.querySelector('[part="air"]')!.getAttribute('data-on-air')),
      (v) => v === 'false',
      5000,
      'lower third gone after its time',
    );
    await page.close();
  });

  it('the player clock counts down the last seconds', async () => {
    const id = await field(12);
    const [tableId, seated] = [...activeByTable(id).entries()].find(([, s]) => s.length > 0)!;
    await server.ok(id, { type: 'stream.feature', tableId });
    const seat = server.riffle.registry.get(id)!.view('seating').tables.find((t) => t.id === tableId)!.seats.find((s) => s.entryId === seated[0])!.seat;
    const page = await openOverlay(browser, server, id, 'player-clock');
    await server.ok(id, { type: 'playerClock.start', tableId, seat });
    await settled(page, 'player-clock');
    assert.deepEqual(await shadow(page, 'player-clock', '[part="name"]'), [nameOf(id, seated[0]!)]);
    const first = await shadow(page, 'player-clock', '[part="time"]');
    const later = await eventually(() => shadow(page, 'player-clock', '[part="time"]'), (t) => t[0] !== first[0], 3000, 'the time moves');
    assert.notEqual(later[0], first[0]);
    await page.close();
  });
});
