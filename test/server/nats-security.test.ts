/**
 * NATS with authorization and TLS (docs/SCALING.md "NATS"): real nats-servers asking for a user
 * and password, an NKey, a token, and TLS with client certificates (throwaway certificates made
 * here with openssl). A host and an edge with the right credentials serve a screen through the
 * edge; a wrong credential is a clear log line, `/readyz` 503 and `/healthz` `ok: false`, and
 * the secrets never reach the log. Several URLs: the first one dead, the second serves.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino, type Logger } from 'pino';
import { nkeys } from 'nats';
import { freePort, startServerProcess, type ServerProcess } from '../../bench/lib/server-process.js';
import { startEdge, type Edge } from '../../server/edge/server.js';
import { maskNatsUrl, natsAuthFromEnv, natsOptions, type NatsAuth } from '../../server/cluster/nats-options.js';
import { startNats, type TestNats } from '../helpers/nats.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { TestClient } from '../helpers/ws-client.js';
import { eventually, within } from '../helpers/eventually.js';

const PASSWORD = 'pw-9b1f-very-secret';
const TOKEN = 'tok-77c2-also-secret';
const WRONG = 'pw-wrong-4411';

/** A logger whose lines are kept, to read what was logged. */
function capture(): { log: Logger; text: () => string } {
  let out = '';
  const sink = new Writable({
    write(chunk, _enc, done) {
      out += String(chunk);
      done();
    },
  });
  return { log: pino({ level: 'info' }, sink), text: () => out };
}

let dir: string;
let users: TestNats;
let token: TestNats;
let tls: TestNats;
const seed = nkeys.createUser();
let certs: { ca: string; cert: string; key: string };

function openssl(...args: string[]): void {
  execFileSync('openssl', args, { cwd: dir, stdio: 'ignore' });
}

/** A CA, the server's certificate for 127.0.0.1 and a client certificate, all signed by the CA. */
function makeCertificates(): void {
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl('req', '-x509', ...ec, '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '1', '-subj', '/CN=riffle-test-ca');
  writeFileSync(join(dir, 'server.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  for (const who of ['server', 'client']) {
    openssl('req', ...ec, '-keyout', `${who}.key`, '-out', `${who}.csr`, '-subj', `/CN=riffle-${who}`);
    openssl('x509', '-req', '-in', `${who}.csr`, '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', `${who}.pem`, '-days', '1', ...(who === 'server' ? ['-extfile', 'server.ext'] : []));
  }
  certs = { ca: join(dir, 'ca.pem'), cert: join(dir, 'client.pem'), key: join(dir, 'client.key') };
}

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'riffle-nats-sec-'));
  makeCertificates();
  writeFileSync(join(dir, 'user.nk'), new TextDecoder().decode(seed.getSeed()) + '\n');
  [users, token, tls] = await Promise.all([
    startNats({ config: `authorization { users: [ { user: riffle, password: "${PASSWORD}" }, { nkey: ${seed.getPublicKey()} } ] }` }),
    startNats({ config: `authorization { token: "${TOKEN}" }` }),
    startNats({
      config: `tls { cert_file: "${join(dir, 'server.pem')}", key_file: "${join(dir, 'server.key')}", ca_file: "${certs.ca}", verify: true, timeout: 2 }\nauthorization { user: riffle, password: "${PASSWORD}" }`,
    }),
  ]);
});
after(async () => {
  await Promise.all([users?.destroy(), token?.destroy(), tls?.destroy()]);
  rmSync(dir, { recursive: true, force: true });
});

const withPassword = (nats: TestNats, password: string) => `nats://riffle:${password}@127.0.0.1:${nats.port}`;

async function ready(port: number): Promise<{ status: number; body: { ready: boolean; reasons?: string[] } }> {
  const res = await fetch(`http://127.0.0.1:${port}/readyz`);
  return { status: res.status, body: (await res.json()) as { ready: boolean; reasons?: string[] } };
}

/** A host and an edge on `url`/`auth`; a screen on the edge gets a tournament of the host. */
async function screenThroughEdge(url: string, auth: NatsAuth | undefined, edgeLog: Logger): Promise<void> {
  let host: TestServer | null = null;
  let edge: Edge | null = null;
  let tv: TestClient | null = null;
  try {
    host = await startTestServer({ natsUrl: url, ...(auth ? { natsAuth: auth } : {}) });
    const id = await host.createTournament();
    edge = await startEdge({ port: 0, hostname: '127.0.0.1', natsUrl: url, ...(auth ? { natsAuth: auth } : {}), log: edgeLog });
    const port = edge.port;
    await eventually(() => ready(port), (r) => r.status === 200, 10_000, 'the edge is ready');
    const health = (await (await fetch(`${host.url}/healthz`)).json()) as { ok: boolean; nats: { connected: boolean } };
    assert.deepEqual({ ok: health.ok, connected: health.nats.connected }, { ok: true, connected: true });
    tv = await within(10_000, 'the TV gets a snapshot through the edge', async () => {
      const client = await TestClient.connect(`ws://127.0.0.1:${port}/ws`);
      await client.next('hello');
      client.send({ type: 'subscribe', id: 'tv', tournament: id });
      const first = await Promise.race([client.next('snapshot'), client.next('error', (m) => m.id === 'tv').then(() => null)]);
      if (first) return client;
      client.close();
      return undefined;
    });
  } finally {
    tv?.close();
    await edge?.close();
    await host?.close();
  }
}

describe('NATS with authorization and TLS', () => {
  it('a user and password in RIFFLE_NATS_URL: host and edge connect, a screen is served through the edge; the password is never logged', async () => {
    const logged = capture();
    await screenThroughEdge(withPassword(users, PASSWORD), undefined, logged.log);
    assert.match(logged.text(), /NATS connected/);
    assert.match(logged.text(), /riffle:\*\*\*@127\.0\.0\.1/);
    assert.ok(!logged.text().includes(PASSWORD), 'the password is not in the log');
  });

  it('a wrong password: a clear log line, /readyz 503 and /healthz ok:false, never ok; the wrong password not logged', async () => {
    const logged = capture();
    const edge = await startEdge({ port: 0, hostname: '127.0.0.1', natsUrl: withPassword(users, WRONG), log: logged.log });
    try {
      const r = await ready(edge.port);
      assert.equal(r.status, 503);
      assert.deepEqual(r.body.reasons, ["NATS refuses this process's credentials (see the log)"]);
      const health = (await (await fetch(`http://127.0.0.1:${edge.port}/healthz`)).json()) as { ok: boolean; nats: { refused: boolean } };
      assert.deepEqual({ ok: health.ok, refused: health.nats.refused }, { ok: false, refused: true });
      assert.match(logged.text(), /NATS refused the credentials of this process \(Authorization Violation\)/);
      assert.ok(!logged.text().includes(WRONG), 'the wrong password is not in the log');
    } finally {
      await edge.close();
    }
  });

  it('an NKey seed file, and a token: ready; a wrong token: refused', async () => {
    for (const [url, auth, expected] of [
      [users.url, { nkeyFile: join(dir, 'user.nk') }, 200],
      [token.url, { token: TOKEN }, 200],
      [token.url, { token: 'not-the-token' }, 503],
    ] as const) {
      const logged = capture();
      const edge = await startEdge({ port: 0, hostname: '127.0.0.1', natsUrl: url, natsAuth: auth, log: logged.log });
      try {
        await eventually(() => ready(edge.port), (r) => r.status === expected, 10_000, `readiness ${expected} with ${Object.keys(auth)[0]}`);
        assert.ok(!logged.text().includes(TOKEN) && !logged.text().includes('not-the-token'), 'no token in the log');
      } finally {
        await edge.close();
      }
    }
  });

  it('TLS with the CA and a client certificate: a screen is served through the edge; without the client certificate, not ready', async () => {
    const url = withPassword(tls, PASSWORD);
    await screenThroughEdge(url, { tls: { caFile: certs.ca, certFile: certs.cert, keyFile: certs.key } }, capture().log);
    const logged = capture();
    const edge = await startEdge({ port: 0, hostname: '127.0.0.1', natsUrl: url, natsAuth: { tls: { caFile: certs.ca } }, log: logged.log });
    try {
      const r = await ready(edge.port);
      assert.equal(r.status, 503);
      await eventually(async () => logged.text(), (text) => /NATS cannot be reached/.test(text), 15_000, 'the log says NATS cannot be reached');
    } finally {
      await edge.close();
    }
  });

  it('several URLs: the first one dead, the edge is served by the second', async () => {
    const dead = await freePort();
    const edge = await startEdge({ port: 0, hostname: '127.0.0.1', natsUrl: `nats://127.0.0.1:${dead},${withPassword(users, PASSWORD)}`, log: capture().log });
    try {
      await eventually(() => ready(edge.port), (r) => r.status === 200, 10_000, 'the edge is ready');
    } finally {
      await edge.close();
    }
  });

  it('an edge process configured from the environment: a wrong RIFFLE_NATS_PASSWORD is one clear line and 503, the password nowhere in its output', async () => {
    const data = mkdtempSync(join(tmpdir(), 'riffle-edge-'));
    let edge: ServerProcess | null = null;
    try {
      edge = await startServerProcess({
        port: await freePort(),
        dataDir: data,
        script: 'server/edge/main.ts',
        ready: /Riffle edge is running/,
        env: { LOG_LEVEL: 'info', RIFFLE_NATS_URL: users.url, RIFFLE_NATS_USER: 'riffle', RIFFLE_NATS_PASSWORD: WRONG },
      });
      assert.equal((await fetch(`${edge.url}/readyz`)).status, 503);
      const refusedLines = edge.output().split('\n').filter((l) => l.includes('NATS refused the credentials'));
      assert.equal(refusedLines.length, 1, edge.output());
      assert.ok(!edge.output().includes(WRONG));
    } finally {
      await edge?.kill();
      rmSync(data, { recursive: true, force: true });
    }
  });
});

describe('NATS settings', () => {
  it('reads the environment and takes credentials out of the URL', () => {
    assert.deepEqual(natsAuthFromEnv({ RIFFLE_NATS_USER: 'u', RIFFLE_NATS_PASSWORD: 'p', RIFFLE_NATS_CA: '/ca.pem', RIFFLE_NATS_TLS: '1' }), { user: 'u', password: 'p', tls: { caFile: '/ca.pem', required: true } });
    const o = natsOptions({ url: 'nats://riffle:s3cret@10.0.0.1:4222, tls://10.0.0.2' });
    assert.deepEqual(o.servers, ['10.0.0.1:4222', '10.0.0.2:4222']);
    assert.ok(o.authenticator);
    assert.deepEqual(o.tls, {});
    assert.equal(maskNatsUrl('nats://riffle:s3cret@h:4222,nats://tok@h2'), 'nats://riffle:***@h:4222,nats://***@h2');
  });

  it('refuses settings that cannot work, with the variable to fix', () => {
    assert.throws(() => natsOptions({ url: 'nats://a:b@h', auth: { token: 't' } }), /one kind/);
    assert.throws(() => natsOptions({ url: 'nats://h', auth: { user: 'u' } }), /needs its password/);
    assert.throws(() => natsOptions({ url: 'nats://h', auth: { nkeyFile: '/nonexistent/seed.nk' } }), /RIFFLE_NATS_NKEY: the NKey seed file \/nonexistent\/seed.nk cannot be read \(ENOENT\)/);
    assert.throws(() => natsOptions({ url: 'nats://h', auth: { tls: { certFile: '/c.pem' } } }), /needs its key/);
    assert.throws(() => natsOptions({ url: 'http://h' }), /not a NATS URL/);
  });
});
