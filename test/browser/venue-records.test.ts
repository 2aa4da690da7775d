/**
 * The TD's players and leagues screens on a 390x844 phone (set-up: Players, Leagues), in
 * English and Dutch, with 40-character names: a record edited (nickname, country, notes, photo),
 * two records of one player merged after both histories are shown, a player erased after the
 * consequence is read, a CSV with bad lines previewed line by line and refused (nothing
 * imported) then a good one imported, the export; a registration refused by the clock makes no
 * record, and Enter on a name a letter off asks first. A league with a typed formula: a formula
 * that does not parse is refused in Dutch with nothing saved, a good one previews its points, the
 * season's tournaments are added and removed, and the standings are the points worked out by
 * hand. Asserts what a person sees: texts, and boxes inside the screen, nothing cut.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { eventually, pairedPhone, PHONE, type TestBrowser, withServerAndBrowser } from '../helpers/browser.js';
import { shot } from '../helpers/geometry.js';
import { TEST_ADMIN_TOKEN, TEST_PINS, type TestServer } from '../helpers/server.js';
import { sampleTournament } from '../../server/sample.js';

let server: TestServer;
let browser: TestBrowser;
withServerAndBrowser((s, b) => ((server = s), (browser = b)));

const TD = { authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'content-type': 'application/json' };
/** 40 characters each. */
const MAX = 'Maximiliaan van der Heijden-Kluivert Sr.';
const MAX2 = 'Maximiliaan van der Heijden-Kluivert Jr.';
const ZYG = 'Zygmunt Przybylski-Wiśniewski Erasable I';
const NIGHT1 = 'Donderdag Deepstack Amsterdam 4 december';
const NIGHT2 = 'Donderdag Deepstack Amsterdam 11 decembr';

async function api(method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${server.url}${path}`, { method, headers: TD, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  const text = await res.text();
  return { status: res.status, body: text.startsWith('{') ? JSON.parse(text) : text };
}

async function record(name: string, country?: string): Promise<string> {
  const res = await api('POST', '/api/players', { name, ...(country ? { country } : {}) });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.player.id;
}

async function night(name: string, players: { name: string; venuePlayerId?: string }[]): Promise<string> {
  const id = await server.createTournament({ ...sampleTournament(), name });
  for (const p of players) await server.ok(id, { type: 'entry.add', ...p });
  return id;
}

/** Nothing wider than the phone; each box inside the screen's width and its text not cut. */
async function fits(page: Page, boxes: Locator): Promise<void> {
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), PHONE.width, 'no sideways scroll');
  const seen = await boxes.evaluateAll((els) => els.map((el) => ({ box: el.getBoundingClientRect().toJSON() as DOMRect, cut: el.scrollWidth > el.clientWidth + 0.5, text: el.textContent?.trim().slice(0, 60) })));
  assert.ok(seen.length > 0, 'boxes to check');
  for (const { box, cut, text } of seen) {
    assert.ok(box.left >= -0.5 && box.right <= PHONE.width + 0.5, `${text} inside the screen's width (${box.left}..${box.right})`);
    assert.ok(!cut, `${text} is cut`);
  }
}

function png(size: number): Buffer {
  const image = new PNG({ width: size, height: size });
  image.data.fill(160);
  return PNG.sync.write(image);
}

async function openSetup(page: Page, action: 'players' | 'leagues'): Promise<void> {
  await page.locator('riffle-control button.setup-open').click();
  await page.locator(`riffle-tournament-list button[data-action="${action}"]`).click();
}

describe('the players screens on the TD phone', () => {
  it('en: edit, photo, merge with both histories, erase, import with bad lines, export; a refused registration makes no record; Enter on a near name asks', async () => {
    const max = await record(MAX, 'NL');
    const max2 = await record(MAX2);
    const zyg = await record(ZYG, 'PL');
    const lars = await record('Lars Jensen', 'DK');
    const t1 = await night(NIGHT1, [
      { name: MAX, venuePlayerId: max },
      { name: ZYG, venuePlayerId: zyg },
    ]);
    const t2 = await night(NIGHT2, [{ name: MAX2, venuePlayerId: max2 }]);
    // Late registration closes when its clock starts.
    const closed = await server.createTournament({ ...sampleTournament(), name: 'Closed at the start', settings: { ...sampleTournament().settings, lateRegistrationLevel: null } });
    await server.ok(closed, { type: 'entry.add', name: 'First Player' });
    await server.ok(closed, { type: 'clock.start', override: true });
    const page = await pairedPhone(browser, server.url, TEST_PINS.td, t1);
    await openSetup(page, 'players');
    const records = page.locator('riffle-player-records');

    // Search and open; edit the nickname, country and notes.
    await records.locator('input[name="q"]').fill('heijden');
    await records.locator(`button[data-player="${max}"]`).waitFor({ timeout: 5000 });
    assert.equal(await records.locator(`button[data-player="${max2}"]`).count(), 1, 'both records found');
    await fits(page, records.locator('[data-role="found"] button, [data-role="found"] .name'));
    await records.locator(`button[data-player="${max}"]`).click();
    const rec = page.locator('riffle-player-record');
    await rec.locator('form[data-role="record"] input[name="nickname"]').fill('The Dutchman');
    await rec.locator('input[name="country"]').fill('be');
    await rec.locator('textarea[name="notes"]').fill('Prefers seat 1');
    await rec.locator('button[data-action="save"]').click();
    await rec.locator('[data-role="record-message"]', { hasText: `${MAX} saved` }).waitFor({ timeout: 5000 });
    const saved = (await api('GET', `/api/players/${max}`)).body.player;
    assert.deepEqual([saved.nickname, saved.country, saved.notes], ['The Dutchman', 'BE', 'Prefers seat 1']);
    // A bad country is refused where it was typed, nothing changed.
    await rec.locator('input[name="country"]').fill('XX');
    await rec.locator('button[data-action="save"]').click();
    await rec.locator('[data-role="record-message"].issue').waitFor({ timeout: 5000 });
    assert.equal((await api('GET', `/api/players/${max}`)).body.player.country, 'BE');

    // The photo.
    await rec.locator('input[data-field="photo"]').setInputFiles({ name: 'max.png', mimeType: 'image/png', buffer: png(64) });
    await rec.locator('img.portrait').waitFor({ timeout: 5000 });
    const small = (await api('GET', `/api/players/${max}`)).body.player.photo as string;
    assert.match(small, /^\/api\/players\/p_[a-z2-7]{10}\/photo\?v=/);
    // A camera's picture (2400 x 2400: over the server's 2048 px and its area limit) is made
    // smaller on the phone and kept, as an 800 px JPEG.
    await rec.locator('input[data-field="photo"]').setInputFiles({ name: 'camera.png', mimeType: 'image/png', buffer: png(2400) });
    const big = await eventually(async () => (await api('GET', `/api/players/${max}`)).body.player.photo as string, (p) => p !== small, 10_000, 'the camera photo saved');
    const stored = await fetch(`${server.url}${big}`);
    assert.equal(stored.headers.get('content-type'), 'image/jpeg');
    const bytes = Buffer.from(await stored.arrayBuffer());
    const { imageSize } = await import('image-size');
    assert.deepEqual(((d) => [d.width, d.height])(imageSize(bytes)), [800, 800]);
    assert.equal(await rec.locator('[data-role="record-message"].issue').count(), 0, 'no error shown');
    assert.deepEqual(await rec.locator('[data-role="history"] li b').allTextContents(), [NIGHT1]);
    await fits(page, rec.locator('h3, label, button, [data-role="history"] li'));
    await shot(page, 'phone-player-record-en');

    // Merge: the other record found, both histories shown, then one record.
    await rec.locator('button[data-action="merge"]').click();
    const merge = rec.locator('riffle-player-merge');
    await merge.locator('input[name="other"]').fill('kluivert jr');
    await merge.locator(`[data-role="merge-found"] button[data-player="${max2}"]`).click();
    await merge.locator('[data-side="other"] [data-role="history"]').waitFor({ timeout: 5000 });
    assert.deepEqual(await merge.locator('[data-side="this"] [data-role="history"] li b').allTextContents(), [NIGHT1]);
    assert.deepEqual(await merge.locator('[data-side="other"] [data-role="history"] li b').allTextContents(), [NIGHT2]);
    assert.equal((await merge.locator('button[data-action="merge-confirm"]').textContent())?.trim(), `Merge into ${MAX}`);
    await fits(page, merge.locator('h2, h3, label, button, li'));
    await page.locator('riffle-player-merge [data-side="other"]').scrollIntoViewIfNeeded();
    await shot(page, 'phone-player-merge-en');
    await merge.locator('button[data-action="merge-confirm"]').click();
    await rec.locator('[data-role="record-message"]', { hasText: `Merged: ${MAX} has both histories` }).waitFor({ timeout: 5000 });
    assert.equal(await rec.locator('riffle-player-merge').count(), 0, 'the merge is done');
    assert.deepEqual((await rec.locator('[data-role="history"] li b').allTextContents()).sort(), [NIGHT1, NIGHT2].sort());
    assert.equal((await api('GET', `/api/players/${max2}`)).body.player.id, max, 'the duplicate reads as the record kept');

    // Erase: the consequence in words first.
    await rec.locator('button[data-action="back"]').click();
    await records.locator('input[name="q"]').fill('przybyl');
    await records.locator(`button[data-player="${zyg}"]`).click();
    await rec.locator('button[data-action="erase"]').click();
    const confirm = rec.locator('[data-role="erase-confirm"]');
    const words = (await confirm.textContent())!.replace(/\s+/g, ' ');
    assert.match(words, new RegExp(`Erase ${ZYG} for good\\?`));
    assert.match(words, /In 1 tournament the player is then shown as “Erased player”; places, prizes and bounties stay/);
    assert.match(words, /This cannot be undone\./);
    await fits(page, confirm.locator('p, button'));
    await confirm.scrollIntoViewIfNeeded();
    await shot(page, 'phone-player-erase-en');
    await confirm.locator('button[data-action="erase-confirm"]').click();
    await records.locator('[data-role="records-message"]', { hasText: 'Player erased' }).waitFor({ timeout: 5000 });
    assert.equal((await api('GET', `/api/players/${zyg}`)).status, 404);
    const t1State = (await api('GET', `/api/tournaments/${t1}`)).body.state;
    assert.deepEqual(t1State.players.entries.map((e: any) => e.name), [MAX, 'Erased player']);

    // Import: bad lines previewed line by line and refused, nothing imported.
    const before = (await api('GET', '/api/players/export.csv')).body;
    const importer = records.locator('riffle-player-import');
    const bad = 'name,country,email\nAnneke Goedgekeurd-Vermeulen,NL,\nBo Bad,XX,\n,NL,\nCees Mail,,not-an-address\n';
    await importer.locator('input[data-field="csv"]').setInputFiles({ name: 'players.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
    await importer.locator('[data-role="import-blocked"]').waitFor({ timeout: 5000 });
    assert.equal((await importer.locator('[data-lines="add"] h3').textContent())?.trim(), '1 player will be added');
    assert.deepEqual(await importer.locator('[data-lines="add"] li').allTextContents(), ['Line 2: Anneke Goedgekeurd-Vermeulen']);
    assert.equal((await importer.locator('[data-lines="refused"] h3').textContent())?.trim(), '3 lines are refused');
    const refused = await importer.locator('[data-lines="refused"] li').allTextContents();
    assert.deepEqual(refused.map((t) => /^Line \d+: \w+/.exec(t)?.[0]), ['Line 3: country', 'Line 4: name', 'Line 5: email']);
    assert.equal(await importer.locator('button[data-action="import-confirm"]').count(), 0, 'no import while a line is refused');
    assert.equal((await api('GET', '/api/players/export.csv')).body, before, 'nothing imported');
    await fits(page, importer.locator('h2, h3, li, p'));
    await importer.scrollIntoViewIfNeeded();
    await shot(page, 'phone-player-import-en');
    // A good file: previewed, then imported on the TD's word.
    const good = 'name;country;nickname\nAnneke Goedgekeurd-Vermeulen;NL;Anne\nBenedikt Überschall;DE;\n';
    await importer.locator('input[data-field="csv"]').setInputFiles({ name: 'players.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
    await importer.locator('button[data-action="import-confirm"]').click();
    await importer.locator('[data-role="import-message"]', { hasText: '2 added, 0 updated' }).waitFor({ timeout: 5000 });
    assert.deepEqual((await api('GET', '/api/players?q=goedgekeurd')).body.matches.map((m: any) => m.nickname), ['Anne']);

    // Export: the file the TD downloads holds every record.
    const [download] = await Promise.all([page.waitForEvent('download'), records.locator('a[data-action="export"]').click()]);
    const exported = await new Promise<string>((resolve, reject) => {
      void download.createReadStream().then((stream) => {
        let text = '';
        stream.on('data', (c: Buffer) => (text += c.toString('utf8')));
        stream.on('end', () => resolve(text));
        stream.on('error', reject);
      }, reject);
    });
    assert.match(exported, /^id,name,nickname,country,email,phone,notes\n/);
    for (const name of [MAX, 'Benedikt Überschall', 'Lars Jensen']) assert.ok(exported.includes(name), `${name} exported`);
    assert.ok(!exported.includes(ZYG), 'the erased player is not exported');

    // Registration: Enter on a name a letter off asks first; the tap registers the known player.
    await page.locator('riffle-control button[data-action="setup-close"]').click();
    await page.locator('riffle-tab-bar button[data-tab="players"]').click();
    const name = page.locator('riffle-player-register form.register input[name="name"]');
    await name.fill('Lars Jenson');
    await name.press('Enter');
    const near = page.locator('riffle-player-register [data-role="near"]');
    await near.waitFor({ timeout: 5000 });
    assert.equal((await near.locator('.ask-title').textContent())?.trim(), 'Is this a player you know?');
    assert.equal((await near.locator('button[data-action="near-new"]').textContent())?.trim(), 'No: “Lars Jenson” is a new player');
    await near.locator(`button[data-player="${lars}"]`).click();
    await page.locator('riffle-players-panel li', { hasText: 'Lars Jensen' }).waitFor({ timeout: 5000 });
    const entries = (await api('GET', `/api/tournaments/${t1}`)).body.state.players.entries;
    assert.equal(entries.at(-1).venuePlayerId, lars);
    assert.equal((await api('GET', '/api/players?q=jenson')).body.matches.filter((m: any) => m.name === 'Lars Jenson').length, 0, 'no second record');

    // A registration refused by the clock makes no record.
    await page.locator('riffle-control select').first().selectOption(closed);
    await eventually(() => page.locator('riffle-player-register').evaluate((el: any) => el.field?.lateRegistration.open), (open) => open === false, 5000, 'registration closed on the phone');
    await name.fill('Wilhelmina Oosterhuizen-Vandenberghe Jr.');
    await name.press('Enter');
    await page.locator('riffle-control .toast.error').waitFor({ timeout: 5000 });
    assert.deepEqual((await api('GET', '/api/players?q=oosterhuizen')).body.matches, [], 'no record for a refused registration');
    // The bad country's refusal is a 400 the page reads (and the console notes): nothing else went wrong.
    assert.deepEqual(browser.errors.filter((e) => !e.includes('status of 400')), []);
    await page.context().close();
  });
});

describe('the leagues screens on the TD phone', () => {
  it('nl: a league and a season with a typed formula (a bad one refused in Dutch, nothing saved), its tournaments added and removed, standings by hand, the public page', async () => {
    const [ann, bas, cor] = ['Anneke Goedgekeurd-Vermeulen van Dijk II', 'Bastiaan Oosterhuizen-Vandenberghe Sr. I', 'Cornelis de Wit'];
    // Two nights without a bounty format; the eliminators are recorded all the same (optional there).
    const n1 = await night('Competitie-avond 1', [{ name: ann }, { name: bas }, { name: cor }]);
    await server.ok(n1, { type: 'entry.bust', entryIds: ['e3'], eliminators: { e3: ['e1'] } });
    await server.ok(n1, { type: 'entry.bust', entryIds: ['e2'], eliminators: { e2: ['e1'] } });
    const n2 = await night('Competitie-avond 2', [{ name: ann }, { name: bas }, { name: 'Dirk Laatkomer' }]);
    await server.ok(n2, { type: 'entry.bust', entryIds: ['e1'] });
    const page = await pairedPhone(browser, server.url, TEST_PINS.td, n2, '?lang=nl');
    // Night 2 has no bounty format: who knocked Anneke out is named on the Players tab afterwards all the same.
    await page.locator('riffle-tab-bar button[data-tab="players"]').click();
    await page.locator('riffle-players-panel li[data-entry="e1"] button.who').click();
    const correct = page.locator('riffle-players-panel form[data-correct="e1"]');
    await correct.locator('select[name="by"]').selectOption('e2');
    await correct.locator('button[type="submit"]').click();
    await eventually(async () => (await api('GET', `/api/tournaments/${n2}`)).body.state.players.entries[0].eliminatedBy, (by) => JSON.stringify(by) === '["e2"]', 5000, 'the eliminator recorded');
    await server.ok(n2, { type: 'entry.bust', entryIds: ['e3'] });

    // A file with bad lines, refused line by line in Dutch; nothing imported.
    await openSetup(page, 'players');
    const importer = page.locator('riffle-player-import');
    await importer.locator('input[data-field="csv"]').setInputFiles({ name: 'spelers.csv', mimeType: 'text/csv', buffer: Buffer.from('name,country,email\nEva Goed,NL,\nBo Fout,XX,\n,NL,\nCees Post,,geen-adres\n') });
    await importer.locator('[data-role="import-blocked"]').waitFor({ timeout: 5000 });
    assert.equal((await importer.locator('[data-lines="refused"] h3').textContent())?.trim(), '3 regels worden geweigerd');
    assert.deepEqual(await importer.locator('[data-lines="refused"] li').allTextContents(), ['Regel 3: het land is niet geldig', 'Regel 4: de naam is niet geldig', 'Regel 5: het e-mailadres is niet geldig']);
    assert.equal((await importer.locator('[data-role="import-blocked"]').textContent())?.trim(), 'Er wordt niets geïmporteerd zolang een regel geweigerd wordt: verbeter het bestand en kies het opnieuw.');
    assert.deepEqual((await api('GET', '/api/players?q=eva goed')).body.matches, [], 'nothing imported');
    await fits(page, importer.locator('h2, h3, li, p'));
    await importer.scrollIntoViewIfNeeded();
    await shot(page, 'phone-player-import-nl');
    await page.locator('riffle-control button[data-action="setup-close"]').click();
    await openSetup(page, 'leagues');
    const leagues = page.locator('riffle-leagues');
    const LEAGUE = 'Donderdagavond Deepstack Competitie 2026';
    await leagues.locator('form[data-role="new-league"] input[name="name"]').fill(LEAGUE);
    await leagues.locator('form[data-role="new-league"] button[type="submit"]').click();
    await leagues.locator('[data-role="leagues-message"]', { hasText: `Competitie „${LEAGUE}” gemaakt` }).waitFor({ timeout: 5000 });
    const league = (await api('GET', '/api/leagues')).body.leagues[0];
    assert.equal(league.name, LEAGUE);
    await leagues.locator(`[data-league="${league.id}"] button[data-action="new-season"]`).click();

    const editor = leagues.locator('riffle-season-editor');
    await editor.locator('input[name="season-name"]').fill('Herfst 2026');
    const formula = editor.locator('riffle-formula-editor');
    await formula.locator('select[name="kind"]').selectOption('custom');
    // A formula that does not parse: the error in Dutch, and saving it changes nothing.
    await formula.locator('textarea[name="expression"]').fill('max(1, 11 - p');
    await formula.locator('[data-role="formula-error"]', { hasText: 'De puntenformule is niet geldig.' }).waitFor({ timeout: 5000 });
    // The season's tournaments: both added, one removed, added again (in the order played).
    const add = async (id: string) => {
      await editor.locator('select[name="add"]').selectOption(id);
      await editor.locator('button[data-action="add-tournament"]').click();
    };
    await add(n1);
    await add(n2);
    await editor.locator(`li[data-tournament="${n2}"] button[data-action="remove-tournament"]`).click();
    assert.deepEqual(await editor.locator('li.tournament').evaluateAll((els) => els.map((el) => el.getAttribute('data-tournament'))), [n1]);
    await add(n2);
    await editor.locator('button[data-action="season-save"]').click();
    await editor.locator('[data-role="season-error"]', { hasText: 'De puntenformule is niet geldig.' }).waitFor({ timeout: 5000 });
    assert.deepEqual((await api('GET', '/api/leagues')).body.leagues[0].seasons, [], 'nothing saved');
    await fits(page, editor.locator('h2, h3, label, button, li'));
    await shot(page, 'phone-season-bad-formula-nl');

    // Ten points to the winner, one fewer a place down to 1, two a knockout: its preview for 30 entries.
    await formula.locator('textarea[name="expression"]').fill('max(1, 11 - p) + 2 * k');
    const preview = formula.locator('[data-role="formula-preview"]');
    await preview.waitFor({ timeout: 5000 });
    assert.equal((await preview.locator('h3').textContent())?.trim(), 'Punten in een veld van 30 (buy-in 20, geen knock-outs)');
    assert.deepEqual(await preview.locator('li b').allTextContents(), ['10', '9', '8', '7', '6', '5', '4', '3', '2', '1']);
    assert.equal(await formula.locator('[data-role="formula-error"]').count(), 0);
    await fits(page, formula.locator('h2, h3, label, li'));
    await formula.locator('[data-role="formula-preview"]').scrollIntoViewIfNeeded();
    await shot(page, 'phone-season-formula-nl');
    await editor.locator('button[data-action="season-save"]').click();

    // The standings, by hand: night 1 (3 entries) Anneke 1st with 2 knockouts 10 + 4, Bastiaan 9,
    // Cornelis 8; night 2 (3 entries) Bastiaan 1st with 1 knockout 10 + 2, Dirk 9, Anneke 8.
    const standings = leagues.locator('riffle-season-standings');
    await standings.locator('table tbody tr').first().waitFor({ timeout: 5000 });
    assert.equal((await leagues.locator('[data-role="leagues-message"]').textContent())?.trim(), 'Seizoen „Herfst 2026” opgeslagen');
    const rows = await standings.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim())));
    assert.deepEqual(rows, [
      ['1', ann, '22', '2'],
      ['2', bas, '21', '2'],
      ['3', 'Dirk Laatkomer', '9', '1'],
      ['4', cor, '8', '1'],
    ]);
    assert.deepEqual((await standings.locator('thead th').allTextContents()).map((t) => t.trim()), ['#', 'Speler', 'Punten', 'Gespeeld']);
    await fits(page, standings.locator('h2, h3, td, th, a, button'));
    await shot(page, 'phone-season-standings-nl');

    // The public page, a tap away.
    const season = (await api('GET', '/api/leagues')).body.leagues[0].seasons[0];
    assert.deepEqual(season.tournaments, [n1, n2]);
    const [pub] = await Promise.all([page.context().waitForEvent('page'), standings.locator('a[data-action="public-page"]').click()]);
    await pub.waitForLoadState();
    assert.equal(new URL(pub.url()).pathname, `/league/${league.id}`);
    const text = (await pub.locator('body').textContent()) ?? '';
    assert.ok(text.includes(LEAGUE) && text.includes(ann), 'the public page names the league and its leader');
    assert.deepEqual(browser.errors.filter((e) => !e.includes('status of 400')), []);
    await page.context().close();
  });
});
