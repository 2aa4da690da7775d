/**
 * The browser bundles served like a broadcast asset (docs/OVERLAYS.md "OBS"): compressed on the
 * wire, a hashed chunk cached for good, an entry asked again each time. A real server on a
 * loopback port, the built dist/web.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { assertBundlesBuilt } from '../helpers/browser.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/** The raw answer (no decompression, unlike fetch): status, headers and the bytes as sent. */
function get(url: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; bytes: number }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (d: Buffer) => (bytes += d.length));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, bytes }));
    })
      .on('error', reject)
      .end();
  });
}

describe('assets on the wire', () => {
  let server: TestServer;
  before(async () => {
    await assertBundlesBuilt();
    server = await startTestServer();
  });
  after(async () => server?.close());

  it('an entry is gzipped when the browser takes it, and asked again each time', async () => {
    const plain = await get(`${server.url}/assets/control.js`, {});
    const zipped = await get(`${server.url}/assets/control.js`, { 'accept-encoding': 'gzip, deflate, br' });
    assert.equal(plain.status, 200);
    assert.equal(zipped.headers['content-encoding'], 'gzip');
    assert.ok(zipped.bytes < plain.bytes / 2, `gzip ${zipped.bytes} of ${plain.bytes} bytes`);
    assert.equal(zipped.headers['cache-control'], 'no-cache');
  });

  it('a chunk, named by its hash, is cached for good; a font file is not compressed again', async () => {
    // The biggest chunk (a tiny one, under 1 KiB, is sent as it is).
    const dir = new URL('../../dist/web/chunks/', import.meta.url);
    const chunk = readdirSync(dir)
      .filter((f) => f.endsWith('.js'))
      .sort((a, b) => statSync(new URL(b, dir)).size - statSync(new URL(a, dir)).size)[0]!;
    const res = await get(`${server.url}/assets/chunks/${chunk}`, { 'accept-encoding': 'gzip' });
    assert.equal(res.status, 200);
    assert.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(res.headers['content-encoding'], 'gzip');
    const font = await get(`${server.url}/assets/fonts/barlow-condensed-latin-700-normal.woff2`, { 'accept-encoding': 'gzip' });
    assert.equal(font.status, 200);
    assert.equal(font.headers['content-encoding'], undefined, 'woff2 is compressed already');
  });
});
