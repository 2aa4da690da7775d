/** `npm run edge`: wiring only. Configuration from the environment (docs/SCALING.md). */
import { startEdge } from './server.js';
import { WS_LIMITS } from '../ws/hub.js';
import { natsTargetFromEnv } from '../cluster/nats-options.js';

const nats = natsTargetFromEnv();
if (!nats) {
  process.stderr.write("An edge needs RIFFLE_NATS_URL (nats://host:4222): it talks to the tournaments' hosts only through NATS (docs/SCALING.md).\n");
  process.exit(1);
}
const port = Number(process.env.PORT ?? 8080);
const perAddress = Number(process.env.RIFFLE_WS_PER_ADDRESS ?? WS_LIMITS.maxSocketsPerAddress);
if (!Number.isInteger(perAddress) || perAddress < 1) throw new Error('RIFFLE_WS_PER_ADDRESS must be a whole number of at least 1');

const edge = await startEdge({
  port,
  natsUrl: nats.url,
  natsAuth: nats.auth,
  ws: { maxSocketsPerAddress: perAddress },
  hosts: (process.env.RIFFLE_HOSTS ?? '').split(',').map((h) => h.trim()).filter(Boolean),
  trustedProxies: (process.env.RIFFLE_TRUSTED_PROXIES ?? '').split(',').map((h) => h.trim()).filter(Boolean),
});

const shutdown = async () => {
  await edge.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
