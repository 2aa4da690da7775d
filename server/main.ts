/** `npm start`: wiring only. Configuration comes from the environment (README). */
import { chmodSync, closeSync, openSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { networkInterfaces } from 'node:os';
import QRCode from 'qrcode';
import { startRiffle } from './server.js';
import { systemTime } from './time.js';
import { WS_LIMITS } from './ws/hub.js';
import { natsTargetFromEnv } from './cluster/nats-options.js';
import { leaseTiming } from './host/pg/pg-db.js';

function lanAddress(): string {
  for (const list of Object.values(networkInterfaces())) {
    for (const net of list ?? []) if (net.family === 'IPv4' && !net.internal) return net.address;
  }
  return 'localhost';
}

const port = Number(process.env.PORT ?? 8080);
const rate = Number(process.env.RIFFLE_TIME_RATE ?? 1);
if (!Number.isFinite(rate) || rate <= 0) throw new Error('RIFFLE_TIME_RATE must be a positive number');

const perAddress = Number(process.env.RIFFLE_WS_PER_ADDRESS ?? WS_LIMITS.maxSocketsPerAddress);
if (!Number.isInteger(perAddress) || perAddress < 1) throw new Error('RIFFLE_WS_PER_ADDRESS must be a whole number of at least 1');

const queueBytes = Number(process.env.RIFFLE_WS_QUEUE_BYTES ?? WS_LIMITS.maxQueuedBytes);
if (!Number.isInteger(queueBytes) || queueBytes < 1024 * 1024) throw new Error('RIFFLE_WS_QUEUE_BYTES must be a whole number of bytes, at least 1048576 (1 MiB)');

const certFile = process.env.RIFFLE_TLS_CERT;
const keyFile = process.env.RIFFLE_TLS_KEY;
if (Boolean(certFile) !== Boolean(keyFile)) throw new Error('Set both RIFFLE_TLS_CERT and RIFFLE_TLS_KEY (PEM files) to serve HTTPS, or neither.');
const tls = certFile && keyFile ? { cert: readFileSync(certFile), key: readFileSync(keyFile) } : undefined;

const nats = natsTargetFromEnv();
const leaseMs = process.env.RIFFLE_LEASE_MS ? Number(process.env.RIFFLE_LEASE_MS) : undefined;
if (leaseMs !== undefined) leaseTiming(leaseMs);
const dataDir = process.env.RIFFLE_DATA ?? './data';
const riffle = await startRiffle({
  port,
  dataDir,
  ...(process.env.RIFFLE_DATABASE_URL ? { databaseUrl: process.env.RIFFLE_DATABASE_URL } : {}),
  ...(nats ? { natsUrl: nats.url, natsAuth: nats.auth } : {}),
  ...(leaseMs !== undefined ? { leaseMs } : {}),
  time: systemTime(rate),
  sample: process.env.RIFFLE_SAMPLE !== '0',
  auth: { ...(process.env.RIFFLE_ADMIN_TOKEN ? { adminToken: process.env.RIFFLE_ADMIN_TOKEN } : {}) },
  ws: { maxSocketsPerAddress: perAddress, maxQueuedBytes: queueBytes },
  hosts: (process.env.RIFFLE_HOSTS ?? '').split(',').map((h) => h.trim()).filter(Boolean),
  trustedProxies: (process.env.RIFFLE_TRUSTED_PROXIES ?? '').split(',').map((h) => h.trim()).filter(Boolean),
  ...(tls ? { tls } : {}),
});

const base = `${tls ? 'https' : 'http'}://${lanAddress()}:${riffle.port}`;
riffle.log.info({ url: base, port: riffle.port }, 'Riffle is running');
// On PostgreSQL the PINs are the cluster's (the first host to start drew them): known once it answers.
if (!riffle.auth.secretsKnown) riffle.log.warn('PostgreSQL has not answered yet: the PINs are shown once it does');
await riffle.auth.ready;
// The QR code carries the TD PIN in the fragment (never sent to the server), so one scan pairs.
const pairUrl = `${base}/control#pin=${riffle.auth.pins.td}`;
const qr = await QRCode.toString(pairUrl, { type: 'terminal', small: true });
const first = riffle.registry.list()[0];
// The banner carries the PINs and maybe the admin token: it goes to the operator's terminal
// or a file the admin names (RIFFLE_BANNER_FILE, mode 0600), without either to
// <data>/banner.txt (mode 0600), never into the stdout that the JSON log shares when it is
// captured (docs/SECURITY.md).
const banner = [
    '',
    `Riffle is running on ${base}`,
    `  Control panel : ${base}/control`,
    `  TD PIN        : ${riffle.auth.pins.td}     (floor staff PIN: ${riffle.auth.pins.floor}, stream producer PIN: ${riffle.auth.pins.stream})`,
    ...(first
      ? [`  Venue display : ${base}/display/${first.id}   (${first.state.settings.name})`, `  Stream overlays: ${base}/overlay/${first.id}/<kind>   (docs/OVERLAYS.md)`]
      : []),
    ...(riffle.auth.generatedAdminToken
      ? [`  Admin token   : ${riffle.auth.generatedAdminToken}`, '                  (shown once; only its hash is kept. Set RIFFLE_ADMIN_TOKEN to choose your own.)']
      : []),
    ...(rate !== 1 ? [`  Time runs ${rate}x faster than real time (RIFFLE_TIME_RATE), for demos only.`] : []),
    '',
    'Scan to open the control panel on a phone (pairs with the TD PIN):',
    qr,
].join('\n') + '\n';
showBanner(banner);

/**
 * Writes `text` to a file only its owner (and root) can read. The mode given at creation does
 * not change a file already there (one a wider umask or an older Riffle made), hence the chmod.
 */
function writePrivate(file: string, text: string): void {
  writeFileSync(file, text, { mode: 0o600 });
  chmodSync(file, 0o600);
}

function showBanner(text: string): void {
  const file = process.env.RIFFLE_BANNER_FILE;
  if (file) {
    writePrivate(file, text);
    riffle.log.info({ file }, 'start-up banner (PINs, addresses) written to RIFFLE_BANNER_FILE');
    return;
  }
  if (process.stdout.isTTY) {
    process.stdout.write(text);
    return;
  }
  // stdout is captured (a pipe or a file), but a terminal may still be there.
  try {
    const tty = openSync('/dev/tty', 'w');
    writeSync(tty, text);
    closeSync(tty);
    riffle.log.info('start-up banner (PINs, addresses) shown on the terminal, not in the log');
  } catch {
    // A service (systemd, Docker, a NAS's task runner): the first start's admin token is shown
    // nowhere else, so the banner goes to the data folder, which the operator can read; the log
    // names the file, never the PINs (issue 23).
    if (dataDir === ':memory:') {
      riffle.log.warn('no terminal for the start-up banner (PINs, addresses): set RIFFLE_BANNER_FILE to a file only you can read, or start Riffle in a terminal');
      return;
    }
    const inData = join(dataDir, 'banner.txt');
    try {
      writePrivate(inData, text);
      riffle.log.warn({ file: inData }, `no terminal for the start-up banner (PINs, addresses): written to ${inData} (readable by its owner only); set RIFFLE_BANNER_FILE to choose the file`);
    } catch (err) {
      riffle.log.warn({ file: inData, err: String(err) }, 'no terminal for the start-up banner (PINs, addresses), and the data folder could not take it: set RIFFLE_BANNER_FILE to a file only you can read, or start Riffle in a terminal');
    }
  }
}

const shutdown = async (signal: string) => {
  riffle.log.info({ signal }, 'shutting down');
  await riffle.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
// SIGUSR2 drains this host on PostgreSQL (docs/SCALING.md "Ownership"): it hands its tournaments over and keeps running.
process.on('SIGUSR2', () => {
  if (!riffle.pg) return void riffle.log.warn('SIGUSR2: nothing to drain on SQLite');
  riffle.pg.ownership.drain().then(
    (moved) => riffle.log.warn({ handedOver: moved.length }, 'SIGUSR2: drained'),
    (err: unknown) => riffle.log.error({ err: String(err) }, 'SIGUSR2: the drain failed (PostgreSQL cannot be reached); send it again'),
  );
});
