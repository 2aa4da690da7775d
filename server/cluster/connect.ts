/**
 * One NATS connection that a host or an edge keeps for its lifetime: NATS unreachable at start
 * is one clear log line and a try every RETRY_MS (our own timer, unref'd, so a process that
 * closes is not held open by it); once connected, nats.js reconnects by itself forever.
 */
import { connect, type NatsConnection } from 'nats';
import type { Logger } from 'pino';

export const RETRY_MS = 2_000;

export function connectForever(url: string, name: string, log: Logger, connected: (nc: NatsConnection) => void, unreachable: string): { close(): void } {
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let warned = false;
  const attempt = () => {
    timer = null;
    connect({ servers: url, name, maxReconnectAttempts: -1, reconnectTimeWait: 500, pingInterval: 10_000, maxPingOut: 2 }).then(
      (nc) => {
        if (closed) return void nc.close();
        if (warned) log.warn({ url }, 'NATS can be reached now');
        connected(nc);
      },
      (err: unknown) => {
        if (closed) return;
        if (!warned) log.error({ url, err: String(err) }, `${unreachable}; trying again every ${RETRY_MS / 1000} s`);
        warned = true;
        timer = setTimeout(attempt, RETRY_MS);
        timer.unref?.();
      },
    );
  };
  attempt();
  return {
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
