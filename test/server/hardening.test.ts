/**
 * Hardening (issue: hostile Wi-Fi, full disks and damaged files), the parts done so far:
 * spreadsheet formulas in the results export, PIN guesses from the server's own machine, and
 * secrets kept out of a captured stdout. Expected values are written out by hand.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PinLimiter } from '../../server/auth/pin-limiter.js';
import { startTestServer, TEST_PINS } from '../helpers/server.js';

describe('results export: no live formulas (OWASP CSV injection)', () => {
  it('neutralises names that begin with = + - @ tab or CR; numbers stay numbers', async () => {
    const server = await startTestServer();
    try {
      const id = await server.createTournament();
      const names = ['=HYPERLINK("http://evil.example","click")', '+SUM(1)', '-2+3', '@cmd', '\tTab', 'Anna Jansen'];
      for (const name of names) await server.ok(id, { type: 'entry.add', name });
      // Everyone but Anna busts, one at a time: e1 finishes 6th ... e5 2nd, Anna wins.
      for (let i = 1; i <= 5; i++) await server.ok(id, { type: 'entry.bust', entryIds: [`e${i}`] });
      const csv = await (await fetch(`${server.url}/api/tournaments/${id}/results.csv`)).text();
      const lines = csv.trim().split('\n');
      assert.equal(lines[0], 'place,name,player,entry,entry_number,status,prize,currency,deal');
      assert.match(lines[1]!, /^1,Anna Jansen,p6,e6,1,winner,\d+\.\d\d,EUR,$/);
      assert.match(lines[2]!, /^2,Tab,p5,e5,/, 'a leading tab never reaches the log: names are trimmed at registration');
      assert.match(lines[3]!, /^3,'@cmd,p4,e4,/);
      assert.match(lines[4]!, /^4,'-2\+3,p3,e3,/);
      assert.match(lines[5]!, /^5,'\+SUM\(1\),p2,e2,/);
      assert.match(lines[6]!, /^6,"'=HYPERLINK\(""http:\/\/evil.example"",""click""\)",p1,e1,/);
      for (const line of lines.slice(1)) assert.doesNotMatch(line, /(^|,)"?[=+\-@\t]/, `a cell starts a formula: ${line}`);
    } finally {
      await server.close();
    }
  });
});

describe('PIN guesses from the server machine', () => {
  it('every loopback address shares one budget of five', () => {
    let now = 0;
    const limiter = new PinLimiter(() => now);
    for (const address of ['127.0.0.2', '127.0.0.3', '127.1.2.3', '::1', '::ffff:127.0.0.9']) {
      assert.equal(limiter.retryAfter(address), 0, `${address} may guess`);
      limiter.failure(address);
    }
    // Five wrong PINs in all from the machine: locked for 30 s, whichever loopback address asks.
    for (const address of ['127.0.0.1', '127.200.0.1', '::1']) assert.equal(limiter.retryAfter(address), 30_000, address);
    // A phone on the LAN keeps its own budget.
    assert.equal(limiter.retryAfter('192.168.1.20'), 0);
    now += 30_000;
    assert.equal(limiter.retryAfter('127.0.0.1'), 0);
  });
});

/** This machine's first IPv4 address that is not loopback: a client from it is "the LAN" to the server. */
function lanAddress(): string | undefined {
  for (const list of Object.values(networkInterfaces())) for (const net of list ?? []) if (net.family === 'IPv4' && !net.internal) return net.address;
  return undefined;
}

describe('pairing on the server\'s own machine', () => {
  const pair = (base: string, pin: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
    fetch(`${base}/api/auth/pair`, { method: 'POST', headers, body: JSON.stringify({ pin }) });

  it('a web page open on the laptop cannot spend the PIN budget: six cross-site text/plain POSTs, then the right PIN pairs at once', async () => {
    const server = await startTestServer();
    try {
      // What a page on evil.example sends to http://localhost:<port> without a CORS preflight.
      const crossSite = { 'content-type': 'text/plain;charset=UTF-8', origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' };
      for (let i = 0; i < 6; i++) {
        const res = await pair(server.url, '000000', crossSite);
        assert.equal(res.status, 403, `cross-site POST ${i + 1}`);
        assert.equal(((await res.json()) as { error: { code: string } }).error.code, 'bad-origin');
      }
      // Without Origin (not a browser page), text/plain is still not read, and costs nothing.
      for (let i = 0; i < 6; i++) {
        const res = await pair(server.url, '000000', { 'content-type': 'text/plain' });
        assert.equal(res.status, 415, `text/plain POST ${i + 1}`);
        assert.equal(((await res.json()) as { error: { code: string } }).error.code, 'bad-json');
      }
      // A page of another port on this machine (same site, another origin) is another site too.
      const otherPort = await pair(server.url, '000000', { 'content-type': 'application/json', origin: 'http://127.0.0.1:1', 'sec-fetch-site': 'same-site' });
      assert.equal(otherPort.status, 403);
      const own = await pair(server.url, TEST_PINS.td, { 'content-type': 'application/json', origin: server.url, 'sec-fetch-site': 'same-origin' });
      assert.equal(own.status, 200, 'the TD pairs at once');
      assert.match(own.headers.get('set-cookie') ?? '', /riffle_session=/);
    } finally {
      await server.close();
    }
  });

  const lan = lanAddress();
  it('wrong PINs from a LAN address never lock pairing on the server\'s own machine', { skip: lan ? false : 'this machine has no non-loopback IPv4 address' }, async () => {
    const server = await startTestServer({ hostname: '0.0.0.0' });
    try {
      const fromLan = `http://${lan}:${server.riffle.port}`;
      // A flood from the LAN: five wrong PINs lock that address, the rest are refused.
      for (let i = 0; i < 5; i++) assert.equal((await pair(fromLan, '000000')).status, 401, `wrong PIN ${i + 1} from ${lan}`);
      for (let i = 0; i < 20; i++) assert.equal((await pair(fromLan, '000000')).status, 429);
      assert.equal((await pair(fromLan, TEST_PINS.td)).status, 429, 'the LAN address is locked, even with the right PIN');
      // The laptop itself (loopback) still pairs.
      assert.equal((await pair(server.url, TEST_PINS.td)).status, 200);
    } finally {
      await server.close();
    }
  });

  it('the global lock (more than 30 wrong PINs from anyone in 10 minutes) never holds loopback', () => {
    const limiter = new PinLimiter(() => 0);
    let locked = false;
    for (let i = 1; i <= 31; i++) locked = limiter.failure(`192.168.1.${i}`) || locked;
    assert.equal(locked, true, 'the 31st wrong PIN locked pairing from the LAN');
    assert.equal(limiter.retryAfter('192.168.1.200'), 10 * 60_000, 'a new LAN address waits 10 min');
    for (const address of ['127.0.0.1', '::1']) assert.equal(limiter.retryAfter(address), 0, `${address} may pair`);
  });
});

describe('the start-up banner never lands in a captured log', () => {
  const TOKEN = 'banner-test-admin-token-0123456789';

  /**
   * `npm start`'s entry with stdout captured and no terminal (a new session: no /dev/tty), until
   * it logs where the banner went; the data folder is the caller's to remove.
   */
  function start(env: Record<string, string>, dataDir = mkdtempSync(join(tmpdir(), 'riffle-banner-'))): Promise<string> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        env: { ...process.env, PORT: '0', RIFFLE_DATA: dataDir, RIFFLE_ADMIN_TOKEN: TOKEN, LOG_LEVEL: 'info', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
      let out = '';
      const done = () => {
        child.kill('SIGKILL');
        resolve(out);
      };
      child.stdout.on('data', (d) => {
        out += String(d);
        if (/start-up banner/.test(out)) done();
      });
      child.stderr.on('data', (d) => (out += String(d)));
      child.on('exit', (code) => (code ? reject(new Error(`exited ${code}: ${out}`)) : undefined));
      setTimeout(() => reject(new Error(`no banner line in 20 s: ${out}`)), 20_000).unref();
    });
  }

  it('without a terminal: no PIN, no token in the log; the banner in <data>/banner.txt (mode 0600), the log names it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'riffle-banner-'));
    try {
      const out = await start({}, dataDir);
      assert.doesNotMatch(out, /PIN\s*:/);
      assert.ok(!out.includes(TOKEN));
      const file = join(dataDir, 'banner.txt');
      assert.ok(out.includes(file), `the log names ${file}: ${out}`);
      assert.match(out, /RIFFLE_BANNER_FILE/);
      const banner = readFileSync(file, 'utf8');
      assert.match(banner, /TD PIN\s*:\s*\d{6}\s*\(floor staff PIN: \d{6}, stream producer PIN: \d{6}\)/);
      for (const pin of banner.match(/\d{6}/g)!.slice(0, 3)) assert.ok(!out.includes(pin), 'no PIN in the log');
      assert.equal(statSync(file).mode & 0o777, 0o600);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('without a terminal, first start without RIFFLE_ADMIN_TOKEN: the generated admin token is in <data>/banner.txt, not in the log', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'riffle-banner-'));
    try {
      const out = await start({ RIFFLE_ADMIN_TOKEN: '' }, dataDir);
      const banner = readFileSync(join(dataDir, 'banner.txt'), 'utf8');
      const token = /Admin token\s*:\s*(\S+)/.exec(banner)?.[1];
      assert.ok(token && token.length >= 20, `a token in the banner: ${banner}`);
      assert.ok(!out.includes(token), 'the token is not in the log');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('RIFFLE_BANNER_FILE: the banner goes to that file, readable by its owner only', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'riffle-banner-file-'));
    const file = join(dir, 'mine.txt');
    try {
      const out = await start({ RIFFLE_BANNER_FILE: file }, dir);
      assert.throws(() => statSync(join(dir, 'banner.txt')), /ENOENT/, 'only in the file named');
      assert.doesNotMatch(out, /TD PIN/);
      const banner = readFileSync(file, 'utf8');
      assert.match(banner, /TD PIN\s*:\s*\d{6}\s*\(floor staff PIN: \d{6}, stream producer PIN: \d{6}\)/);
      assert.equal(statSync(file).mode & 0o777, 0o600);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
