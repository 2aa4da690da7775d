/**
 * docs/OBS.md's Stream Deck / Companion examples work as written: each `curl` line of the doc
 * is run (with Debian's curl if present, else the same request through fetch) against a real
 * server, with $RIFFLE, $ID and $TOKEN filled in, and its effect is checked by hand.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';

const exec = promisify(execFile);
const run_ = (line: string) => exec('sh', ['-c', `${line} -s -w '\\n%{http_code}'`], { encoding: 'utf8' });
import { readFileSync } from 'node:fs';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../helpers/server.js';

const doc = readFileSync(new URL('../../docs/OBS.md', import.meta.url), 'utf8');
const section = doc.slice(doc.indexOf('## 5. Stream Deck'));
const lines = section.split('\n').filter((l) => l.startsWith('curl -X POST "$RIFFLE'));

/** Runs one documented curl line; returns the HTTP status and body. */
async function run(line: string, env: Record<string, string>): Promise<{ status: number; body: any }> {
  const filled = line.replace(/\$(RIFFLE|ID|TOKEN)/g, (_, k: string) => env[k]!);
  if (spawnSync('sh', ['-c', 'command -v curl']).status === 0) {
    // Asynchronously: the server answering it runs in this same process.
    const { stdout } = await run_(filled);
    const cut = stdout.lastIndexOf('\n');
    return { status: Number(stdout.slice(cut + 1)), body: JSON.parse(stdout.slice(0, cut)) };
  }
  // No curl: the same request, read off the line.
  const url = /curl -X POST "([^"]+)"/.exec(filled)![1]!;
  const data = /-d '([^']+)'/.exec(filled)![1]!;
  const res = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${env.TOKEN}`, 'content-type': 'application/json' }, body: data });
  return { status: res.status, body: await res.json() };
}

describe('docs/OBS.md: Companion examples', () => {
  let server: TestServer;
  let id: string;
  before(async () => {
    server = await startTestServer();
    id = await server.createTournament();
    await server.ok(id, { type: 'clock.start' });
  });
  after(() => server.close());

  it('has the four examples: pause, next level, a lower third, a scene', () => {
    assert.equal(lines.length, 4);
  });

  it('each works as written', async () => {
    const env = { RIFFLE: server.url, ID: id, TOKEN: TEST_ADMIN_TOKEN };
    const state = async () => ((await (await fetch(`${server.url}/api/tournaments/${id}`, { headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` } })).json()) as any).state;

    assert.equal((await run(lines[0]!, env)).status, 200);
    assert.equal((await state()).clock.status, 'paused');

    assert.equal((await run(lines[1]!, env)).status, 200);
    assert.equal((await state()).clock.current.n, 2, 'level 2');

    assert.equal((await run(lines[2]!, env)).status, 200);
    const lower = (await state()).stream.lowerThird;
    assert.equal(lower.title, 'Anna Jansen');
    assert.equal(lower.subtitle, 'Chip leader');

    // No OBS in this test: the documented answer.
    const scene = await run(lines[3]!, env);
    assert.equal(scene.status, 409);
    assert.equal(scene.body.error.code, 'obs-not-connected');
  });
});
