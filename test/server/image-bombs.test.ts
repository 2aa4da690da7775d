/**
 * Images whose decoded size is far beyond their bytes are refused before they are stored
 * (server/files/image-bombs.ts): a 16×16 PNG whose data inflates to 20 MB, a 2048×2048 PNG of a
 * few KB (4.2 million pixels, over the 2 million a photo may have), an animated PNG; an honest
 * photo and a branding logo still go in. The files are built here, chunk by chunk.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { crc32, deflateSync } from 'node:zlib';
import { PNG } from 'pngjs';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../helpers/server.js';

const TD = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };

function chunk(kind: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(kind, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** A PNG of `width`×`height` RGBA, 8 bits, whose image data is `raw` deflated, with `extra` chunks before it. */
function pngOf(width: number, height: number, raw: Buffer, extra: Buffer[] = []): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), ...extra, chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

describe('image bombs', () => {
  let server: TestServer;
  let id: string;
  before(async () => {
    server = await startTestServer();
    const res = await fetch(`${server.url}/api/players`, { method: 'POST', headers: { ...TD, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Photo Bomb' }) });
    id = ((await res.json()) as any).player.id;
  });
  after(() => server.close());

  const put = async (bytes: Buffer) => {
    const res = await fetch(`${server.url}/api/players/${id}/photo`, { method: 'PUT', headers: { ...TD, 'content-type': 'image/png' }, body: bytes as unknown as BodyInit });
    return { status: res.status, body: (await res.json()) as any };
  };

  it('an honest 16×16 photo goes in: 16 rows of a filter byte and 64 bytes', async () => {
    assert.equal((await put(pngOf(16, 16, Buffer.alloc(16 * 65)))).status, 200);
  });

  it('a 16×16 PNG whose data inflates to 20 MB: refused, the photo unchanged', async () => {
    const bomb = pngOf(16, 16, Buffer.alloc(20 * 1024 * 1024));
    assert.ok(bomb.length < 512 * 1024, `${bomb.length} bytes, under the upload limit`);
    const before = (await (await fetch(`${server.url}/api/players/${id}`, { headers: TD })).json()) as any;
    const a = await put(bomb);
    assert.equal(a.status, 413);
    assert.equal(a.body.error.code, 'image-too-large');
    assert.match(a.body.error.message, /inflates to more than its 16×16 pixels need \(1040 bytes\)/);
    const after = (await (await fetch(`${server.url}/api/players/${id}`, { headers: TD })).json()) as any;
    assert.equal(after.player.photo, before.player.photo);
  });

  it('a 2048×2048 image of a few KB: over 2 million pixels, refused', async () => {
    const image = new PNG({ width: 2048, height: 2048 });
    const big = PNG.sync.write(image, { deflateLevel: 9 });
    assert.ok(big.length < 512 * 1024, `${big.length} bytes`);
    const a = await put(big);
    assert.equal(a.status, 413);
    assert.match(a.body.error.message, /2048×2048 pixels, 4\.2 million; at most 2\.1 million/);
  });

  it('an animated PNG: refused', async () => {
    const actl = Buffer.alloc(8);
    actl.writeUInt32BE(2, 0);
    const a = await put(pngOf(16, 16, Buffer.alloc(16 * 65), [chunk('acTL', actl)]));
    assert.equal(a.status, 413);
    assert.match(a.body.error.message, /Animated images are refused/);
  });

  it('a colour profile that inflates past 1 MiB: refused', async () => {
    const profile = Buffer.concat([Buffer.from('icc\0\0', 'latin1'), deflateSync(Buffer.alloc(2 * 1024 * 1024))]);
    const a = await put(pngOf(16, 16, Buffer.alloc(16 * 65), [chunk('iCCP', profile)]));
    assert.equal(a.status, 413);
    assert.match(a.body.error.message, /iCCP chunk inflates to more than 1024 KiB/);
  });
});
