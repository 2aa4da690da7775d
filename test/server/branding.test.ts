/**
 * Branding of the stream overlays (issue 24) on a real server: the TD or the producer sets the
 * colours, the logo and the sponsor; the type is read from the bytes, the size checked; bad
 * input gets a clear error and changes nothing; the image is served same-origin at its hash.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { PNG } from 'pngjs';
import { startTestServer, TEST_ADMIN_TOKEN, TEST_PINS, type TestServer } from '../helpers/server.js';

let server: TestServer;
let id: string;

before(async () => {
  server = await startTestServer();
  id = await server.createTournament();
});
after(() => server.close());

function png(width: number, height: number): Buffer {
  const image = new PNG({ width, height });
  image.data.fill(200);
  return PNG.sync.write(image);
}

async function cookieFor(pin: string): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/pair`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pin }) });
  assert.equal(res.status, 200);
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

async function put(path: string, body: Uint8Array | string, auth: Record<string, string> = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` }, type = 'application/octet-stream') {
  const res = await fetch(`${server.url}/api/tournaments/${id}/branding/${path}`, { method: 'PUT', headers: { 'content-type': type, ...auth }, body: body as BodyInit });
  return { status: res.status, body: (await res.json()) as any };
}

async function branding() {
  return (await (await fetch(`${server.url}/api/tournaments/${id}/branding`)).json()) as { colors: Record<string, string>; logo?: string; sponsor?: string };
}

describe('branding', () => {
  it('the producer uploads a logo: stored with the tournament, served at its hash, same bytes and type', async () => {
    const bytes = png(400, 120);
    const producer = await cookieFor(TEST_PINS.stream);
    const res = await put('logo', bytes, { cookie: producer });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
    const view = await branding();
    assert.equal(view.logo, `/api/tournaments/${id}/branding/logo/${hash}`);
    const image = await fetch(`${server.url}${view.logo}`);
    assert.equal(image.status, 200);
    assert.equal(image.headers.get('content-type'), 'image/png');
    assert.match(image.headers.get('cache-control') ?? '', /immutable/);
    assert.deepEqual(Buffer.from(await image.arrayBuffer()), bytes);
    // An old hash is not served (the URL changes with the image).
    assert.equal((await fetch(`${server.url}/api/tournaments/${id}/branding/logo/${'0'.repeat(32)}`)).status, 404);
  });

  it('only the TD or the producer sets it: anonymous 401, floor 403, nothing changed', async () => {
    const before = await branding();
    assert.equal((await put('sponsor', png(10, 10), {})).status, 401);
    assert.equal((await put('sponsor', png(10, 10), { cookie: await cookieFor(TEST_PINS.floor) })).status, 403);
    const floorColors = await fetch(`${server.url}/api/tournaments/${id}/branding/colors`, { method: 'PUT', headers: { 'content-type': 'application/json', cookie: await cookieFor(TEST_PINS.floor) }, body: JSON.stringify({ accent: '#000000' }) });
    assert.equal(floorColors.status, 403);
    assert.deepEqual(await branding(), before);
  });

  it('bad images get a clear error and change nothing', async () => {
    const before = await branding();
    const cases: Array<[string, Uint8Array | string, number, string]> = [
      ['text', 'hello, this is not an image', 415, 'not-an-image'],
      ['svg with script', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 415, 'image-svg-refused'],
      ['svg behind an xml declaration, sent as image/png', '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', 415, 'image-svg-refused'],
      ['a PNG signature and nothing after it', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]), 415, 'not-an-image'],
      ['3000 pixels wide', png(3000, 10), 413, 'image-too-large'],
      ['600 KiB', Buffer.concat([png(10, 10), Buffer.alloc(600 * 1024)]), 413, 'image-too-large'],
    ];
    for (const [what, body, status, code] of cases) {
      const res = await put('logo', body, undefined, what.includes('image/png') ? 'image/png' : 'application/octet-stream');
      assert.equal(res.status, status, `${what}: ${JSON.stringify(res.body)}`);
      assert.equal(res.body.error.code, code, what);
      assert.ok(res.body.error.message.length > 10, `${what}: says why`);
    }
    assert.equal((await put('banner', png(10, 10))).status, 404);
    assert.deepEqual(await branding(), before, 'nothing changed');
  });

  it('colours: #rrggbb only, null drops one; anything else refused and nothing changed', async () => {
    const set = async (body: unknown) => {
      const res = await fetch(`${server.url}/api/tournaments/${id}/branding/colors`, { method: 'PUT', headers: { 'content-type': 'application/json', authorization: `Bearer ${TEST_ADMIN_TOKEN}` }, body: JSON.stringify(body) });
      return { status: res.status, body: (await res.json()) as any };
    };
    assert.equal((await set({ accent: '#E11D48', background: '#101010' })).status, 200);
    assert.deepEqual((await branding()).colors, { accent: '#e11d48', background: '#101010' });
    for (const bad of [{ accent: 'red; } body { display: none' }, { accent: '#fff' }, { shadow: '#000000' }, ['#000000']]) {
      const res = await set(bad);
      assert.equal(res.status, 400, JSON.stringify(bad));
    }
    assert.equal((await set({ background: null })).status, 200);
    assert.deepEqual((await branding()).colors, { accent: '#e11d48' });
  });

  it('an unknown tournament has no branding', async () => {
    assert.equal((await fetch(`${server.url}/api/tournaments/nope/branding`)).status, 404);
  });
});
