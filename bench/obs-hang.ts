/**
 * How long the phone waits when OBS hangs, with the shipped deadlines (OBS_TIMING; issue 21,
 * item 4):
 *
 *   npx tsx bench/obs-hang.ts [rounds]
 *
 * Against the fake obs-websocket server of the tests (test/helpers/fake-obs.ts), each round:
 * OBS swallows a manual scene switch (the answer's time and code), then answers again (the time
 * until the status is `connected` and the scene of the moment re-applied, from the moment OBS
 * answers again); then OBS closes its socket on a manual switch (the answer's time and code).
 * Prints the medians and the worst. Loopback only, in-process.
 */
import { pino } from 'pino';
import { startRiffle } from '../server/server.js';
import { sampleTournament } from '../server/sample.js';
import { OBS_TIMING } from '../server/obs/link.js';
import { startFakeObs } from '../test/helpers/fake-obs.js';

const rounds = Number(process.argv[2] ?? 5);
const TOKEN = 'bench-admin-token-0123456789abcdef';
const fake = await startFakeObs(['Game', 'Break'], ['Blinds']);
const riffle = await startRiffle({ port: 0, hostname: '127.0.0.1', dataDir: ':memory:', auth: { adminToken: TOKEN }, log: pino({ level: 'silent' }) });
const base = `http://127.0.0.1:${riffle.port}/api/tournaments`;
const id = riffle.registry.create(sampleTournament()).id;
const call = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${base}/${id}${path}`, { method, headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' }, ...(body ? { body: JSON.stringify(body) } : {}) });
  return { status: res.status, body: (await res.json()) as any };
};
const until = async (check: () => boolean) => {
  while (!check()) await new Promise((r) => setTimeout(r, 5));
};
const connected = () => riffle.obs.status(id).state === 'connected';

await call('POST', '/commands', { type: 'obs.rules.set', rules: [{ when: 'break.started', live: true, actions: [{ scene: 'Break' }] }, { when: 'level.started', live: true, actions: [{ scene: 'Game' }] }] });
await call('PUT', '/obs', { url: fake.url, password: '' });
await until(connected);
await call('POST', '/commands', { type: 'clock.start' });
await call('POST', '/commands', { type: 'level.set', index: 4 }); // a break: the scene of the moment is Break

const hung: number[] = [];
const back: number[] = [];
const dropped: number[] = [];
const codes = new Set<string>();
for (let i = 0; i < rounds; i++) {
  fake.mode = 'swallow';
  let t = performance.now();
  const a = await call('POST', '/obs/scene', { scene: 'Game' });
  hung.push(performance.now() - t);
  codes.add(`${a.status} ${a.body.error?.code}`);
  const lost = fake.connections;
  fake.mode = 'answer';
  t = performance.now();
  await until(() => connected() && fake.requests.some((r) => r.connection > lost && r.type === 'SetCurrentProgramScene' && r.data.sceneName === 'Break'));
  back.push(performance.now() - t);
  fake.mode = 'close';
  t = performance.now();
  const b = await call('POST', '/obs/scene', { scene: 'Game' });
  dropped.push(performance.now() - t);
  codes.add(`${b.status} ${b.body.error?.code}`);
  fake.mode = 'answer';
  await until(connected);
}

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[xs.length >> 1]!;
const line = (name: string, xs: number[]) => console.log(`${name}: median ${median(xs).toFixed(0)} ms, worst ${Math.max(...xs).toFixed(0)} ms`);
console.log(`${rounds} rounds; request deadline ${OBS_TIMING.requestTimeoutMs} ms, backoff ${OBS_TIMING.backoffMinMs}-${OBS_TIMING.backoffMaxMs} ms; answers: ${[...codes].join(', ')}`);
line('a swallowed manual action answered', hung);
line('OBS answers again -> connected and the scene re-applied', back);
line('a manual action whose socket closes answered', dropped);
await riffle.close();
await fake.close();
