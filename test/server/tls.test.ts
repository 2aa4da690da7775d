/**
 * HTTPS and WSS (RIFFLE_TLS_CERT / RIFFLE_TLS_KEY): a real server with a certificate, checked by
 * clients that trust only that certificate; the pairing cookie is `Secure`; the control panel
 * in a real Chromium talks to the server over wss:. Fixture: test/fixtures/tls (test-only key).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import WebSocket from 'ws';
import { startRiffle, type Riffle } from '../../server/server.js';
import { sampleTournament } from '../../server/sample.js';
import { PROTOCOL_VERSION } from '../../server/protocol/messages.js';
import { assertBundlesBuilt, launchBrowser, pairedPhone, type TestBrowser } from '../helpers/browser.js';
import { TEST_ADMIN_TOKEN, TEST_PINS } from '../helpers/server.js';

const fixtures = join(import.meta.dirname, '..', 'fixtures', 'tls');
const cert = readFileSync(join(fixtures, 'cert.pem'));
const key = readFileSync(join(fixtures, 'key.pem'));

let riffle: Riffle;
let dataDir: string;
let base: string;
let tournament: string;

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'riffle-tls-'));
  riffle = await startRiffle({
    port: 0,
    hostname: '127.0.0.1',
    dataDir,
    auth: { adminToken: TEST_ADMIN_TOKEN, pins: TEST_PINS },
    tls: { cert, key },
    log: pino({ level: 'silent' }),
  });
  base = `https://127.0.0.1:${riffle.port}`;
  tournament = riffle.registry.create(sampleTournament()).id;
});
after(async () => {
  await riffle?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** An HTTPS request that trusts only the fixture certificate (no verification switched off). */
function https(method: string, path: string, body?: unknown): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: any }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method, ca: cert, headers: body ? { 'content-type': 'application/json' } : {} }, (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text.startsWith('{') ? JSON.parse(text) : text }));
    });
    req.on('error', reject);
    req.end(body ? JSON.stringify(body) : undefined);
  });
}

describe('HTTPS and WSS', () => {
  it('serves the API over TLS with the configured certificate', async () => {
    const res = await https('GET', '/healthz');
    assert.equal(res.status, 200);
    assert.equal(res.body.ok, true);
  });

  it('does not answer plain HTTP on the TLS port', async () => {
    await assert.rejects(fetch(`http://127.0.0.1:${riffle.port}/healthz`, { signal: AbortSignal.timeout(3000) }));
  });

  it('pairs a phone with a Secure, HttpOnly, SameSite=Strict cookie', async () => {
    const res = await https('POST', '/api/auth/pair', { pin: TEST_PINS.td });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const cookie = String(res.headers['set-cookie']);
    assert.match(cookie, /riffle_session=/);
    assert.match(cookie, /;\s*Secure/i);
    assert.match(cookie, /HttpOnly/i);
    assert.match(cookie, /SameSite=Strict/i);
  });

  it('opens WebSockets over wss: and sends the snapshot', async () => {
    const ws = new WebSocket(`wss://127.0.0.1:${riffle.port}/ws`, { ca: cert });
    const messages: any[] = [];
    await new Promise<void>((resolve, reject) => {
      ws.on('message', (data) => {
        const msg = JSON.parse(String(data));
        messages.push(msg);
        if (msg.type === 'hello') {
          ws.send(JSON.stringify({ type: 'hello', id: 0, protocol: PROTOCOL_VERSION }));
          ws.send(JSON.stringify({ type: 'subscribe', id: 1, tournament }));
        }
        if (msg.type === 'snapshot') resolve();
      });
      ws.on('error', reject);
    });
    assert.equal(messages.at(-1).state.info.id, tournament);
    ws.close();
  });

  describe('the control panel in Chromium', () => {
    let browser: TestBrowser;
    before(async () => {
      await assertBundlesBuilt();
      // The fixture certificate is self-signed; a venue would install its own or trust it once.
      browser = await launchBrowser(['--ignore-certificate-errors']);
    });
    after(async () => browser?.close());

    it('pairs and controls the clock over https: and wss:', async () => {
      const page = await pairedPhone(browser, base, TEST_PINS.td, tournament);
      await page.locator('riffle-clock-panel button[data-action="toggle"]').click();
      const deadline = Date.now() + 5000;
      while (riffle.registry.get(tournament)!.state.clock.status !== 'running' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      assert.equal(riffle.registry.get(tournament)!.state.clock.status, 'running', 'the Start tap reached the server over wss:');
      assert.equal(await page.evaluate(() => location.protocol), 'https:');
      assert.deepEqual(browser.errors, []);
    });
  });
});
