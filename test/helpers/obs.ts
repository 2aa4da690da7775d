/**
 * A real OBS for the bridge's tests: Debian's `obs-studio` (29, with obs-websocket 5) headless
 * under `xvfb-run`, in a throw-away HOME whose global.ini enables the WebSocket server on a free
 * loopback port with a password. `.ci/run` installs `obs-studio xvfb`; without them the tests
 * fail with that message instead of passing unseen.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OBSWebSocket } from 'obs-websocket-js/json';

export function assertObsInstalled(): void {
  for (const tool of ['obs', 'xvfb-run']) {
    if (spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0) throw new Error(`${tool} is missing: apt-get install obs-studio xvfb (.ci/run does)`);
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
  });
}

export interface TestObs {
  url: string;
  password: string;
  /** A second client, for the test to set OBS up and read what Riffle did. */
  client(): Promise<OBSWebSocket>;
  /** Stops OBS (SIGTERM: it saves its scenes, as when a streamer quits it) and waits. */
  stop(): Promise<void>;
  /** Starts it again on the same port, HOME and scenes; resolves once it accepts a client. */
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startObs(password = 'riffle-test-password'): Promise<TestObs> {
  assertObsInstalled();
  const home = mkdtempSync(join(tmpdir(), 'riffle-obs-'));
  const port = await freePort();
  mkdirSync(join(home, '.config', 'obs-studio'), { recursive: true });
  writeFileSync(
    join(home, '.config', 'obs-studio', 'global.ini'),
    [
      '[General]',
      'EnableAutoUpdates=false',
      '',
      '[OBSWebSocket]',
      'FirstLoad=false',
      'ServerEnabled=true',
      `ServerPort=${port}`,
      'AlertsEnabled=false',
      'AuthRequired=true',
      `ServerPassword=${password}`,
      '',
    ].join('\n'),
  );
  const url = `ws://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  const clients: OBSWebSocket[] = [];

  const connectOnce = async (): Promise<OBSWebSocket> => {
    const obs = new OBSWebSocket();
    await obs.connect(url, password);
    return obs;
  };

  const start = async () => {
    child = spawn('xvfb-run', ['-a', 'obs', '--disable-shutdown-check', '--minimize-to-tray', '--multi', '--disable-updater'], {
      env: { ...process.env, HOME: home, LIBGL_ALWAYS_SOFTWARE: '1' },
      stdio: 'ignore',
      detached: true,
    });
    const deadline = Date.now() + 40_000;
    for (;;) {
      try {
        const probe = await connectOnce();
        await probe.disconnect();
        return;
      } catch {
        if (Date.now() > deadline) throw new Error('OBS did not open its WebSocket server in 40 s');
        await new Promise((r) => setTimeout(r, 300));
      }
    }
  };

  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    // SIGTERM to OBS alone: it closes as when quit and saves its scenes. (Signalling the whole
    // group would take the X server away first, and OBS would die without saving.)
    const group = spawnSync('ps', ['-o', 'pid=,comm=', '-g', String(running.pid)], { encoding: 'utf8' }).stdout;
    const obsPid = group
      .split('\n')
      .map((l) => l.trim().split(/\s+/))
      .find(([, comm]) => comm === 'obs')?.[0];
    try {
      process.kill(obsPid ? Number(obsPid) : -running.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-running.pid!, 'SIGKILL');
      } catch {
        // gone
      }
    }, 10_000);
    await exited;
    clearTimeout(timer);
  };

  await start();
  return {
    url,
    password,
    async client() {
      const obs = await connectOnce();
      clients.push(obs);
      return obs;
    },
    stop,
    start,
    async close() {
      for (const c of clients) await c.disconnect().catch(() => {});
      await stop();
      rmSync(home, { recursive: true, force: true });
    },
  };
}

/** Makes the scenes and text sources the tests use (missing ones only). */
export async function setUpScenes(obs: OBSWebSocket, scenes: string[], texts: Array<{ scene: string; input: string }>): Promise<void> {
  const have = new Set((await obs.call('GetSceneList')).scenes.map((s) => String(s.sceneName)));
  for (const scene of scenes) if (!have.has(scene)) await obs.call('CreateScene', { sceneName: scene });
  const inputs = new Set((await obs.call('GetInputList')).inputs.map((i) => String(i.inputName)));
  for (const { scene, input } of texts) {
    if (!inputs.has(input)) await obs.call('CreateInput', { sceneName: scene, inputName: input, inputKind: 'text_ft2_source_v2', inputSettings: { text: '' } });
  }
}
