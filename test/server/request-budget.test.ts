/**
 * What an anonymous HTTP client may cost per second (issue 21, item 2; server/net/request-budget.ts):
 * its requests and answers are charged by their bytes to its address; a client in debt is refused
 * `429 rate-limited` with Retry-After before any work, while other addresses and signed-in staff
 * are served. A small budget here (64 KiB/s, burst 256 KiB) so the arithmetic is by hand.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../helpers/server.js';

const BUDGET = { bytesPerSecond: 64 * 1024, burstBytes: 256 * 1024 };

/** A POST from a chosen loopback address (fetch cannot choose its source address). */
function post(server: TestServer, path: string, body: string, from: string, token?: string): Promise<{ status: number; retryAfter: string | undefined; body: any }> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${path}`, {
      method: 'POST',
      localAddress: from,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] as string | undefined, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('the request budget of anonymous clients', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ requestBudget: BUDGET });
  });
  after(() => server.close());

  it('refuses an address past its burst of bytes before any work, and serves other addresses and staff', async () => {
    // The probe's import: a body of repeated "kind" keys just under the 64 KiB limit (5,864 keys
    // of 11 bytes once escaped in the JSON body: 64,541 bytes). Each costs its body + 1 KiB + a
    // small answer: 65,565 bytes and up. The 256 KiB burst (262,144) pays for 3; the 4th takes
    // the address about 116 bytes into debt, which the refill (64 KiB/s) pays back within 2 ms,
    // so the 5th may be served too, into a debt of ~64 KiB that takes a second to pay back: the
    // 5th or the 6th is refused.
    const key = '"kind":1,';
    const text = `{${key.repeat(5864)}"kind":1}`;
    const body = JSON.stringify({ text, format: 'json' });
    assert.ok(Buffer.byteLength(body) <= 64 * 1024 && Buffer.byteLength(body) > 63 * 1024, `body of ${Buffer.byteLength(body)} bytes`);
    const answers: number[] = [];
    let refused: { status: number; retryAfter: string | undefined; body: any } | null = null;
    for (let i = 0; i < 12 && !refused; i++) {
      const a = await post(server, '/api/structures/import', body, '127.0.0.7');
      answers.push(a.status);
      if (a.status === 429) refused = a;
    }
    assert.ok(refused, `never refused: ${answers.join(',')}`);
    assert.ok(answers.length >= 5 && answers.length <= 6, `refused at request ${answers.length}: ${answers.join(',')}`);
    assert.ok(answers.slice(0, -1).every((s) => s === 400), `the ones served get their clear 400: ${answers.join(',')}`);
    assert.equal(refused.body.error.code, 'rate-limited');
    assert.ok(Number(refused.retryAfter) >= 1, `Retry-After ${refused.retryAfter}`);
    // Another address, and the TD from the refused address, are served at once.
    assert.equal((await post(server, '/api/structures/import', body, '127.0.0.8')).status, 400);
    assert.equal((await post(server, '/api/structures/import', body, '127.0.0.7', TEST_ADMIN_TOKEN)).status, 400);
    // The refusal was held until the address was back in credit (server/net/early-refusal.ts),
    // so a client that waits for its answer is served next: a loop gets one try a second.
    assert.equal((await post(server, '/api/structures/import', body, '127.0.0.7')).status, 400, 'back in credit after the held refusal');
  });

  it('charges a state read by the bytes it sends, and states its length', async () => {
    const id = await server.createTournament();
    const res = await fetch(`${server.url}/api/tournaments/${id}`);
    const text = await res.text();
    assert.equal(res.status, 200);
    assert.equal(Number(res.headers.get('content-length')), Buffer.byteLength(text), 'the length charged is the length sent');
    const state = JSON.parse(text);
    assert.equal(state.id, id);
    assert.equal(typeof state.serverTime, 'number');
    assert.ok(state.state.clock && state.state.info, 'every public topic');
    // From a fresh address: reads of `size` + 1 KiB each; the burst pays for
    // floor(256 KiB / cost) + 1 of them (the last into debt), then the address is refused.
    const cost = Buffer.byteLength(text) + 1024;
    const allowed = Math.floor(BUDGET.burstBytes / cost) + 1;
    let served = 0;
    const started = performance.now();
    for (let i = 0; i < allowed + 50; i++) {
      const status = await new Promise<number>((resolve, reject) => {
        request(`${server.url}/api/tournaments/${id}`, { localAddress: '127.0.0.9' }, (r) => (r.resume(), r.on('end', () => resolve(r.statusCode ?? 0)))).on('error', reject).end();
      });
      if (status !== 200) {
        assert.equal(status, 429);
        break;
      }
      served++;
    }
    // The refill (64 KiB/s) pays for more reads while the loop runs: at most its time x the rate.
    const refilled = Math.ceil((((performance.now() - started) / 1000) * BUDGET.bytesPerSecond) / cost);
    assert.ok(served >= allowed && served <= allowed + refilled, `served ${served}, by hand ${allowed} + ${refilled} refilled`);
  });
});
