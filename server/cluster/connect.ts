/**
 * One NATS connection that a host or an edge keeps for its lifetime: NATS unreachable at start
 * is one clear log line and a try every RETRY_MS (our own timer, unref'd, so a process that
 * closes is not held open by it); once connected, nats.js reconnects by itself forever.
 */
import { connect, type NatsConnection } from 'nats';
import type { Logger } from 'pino';

export const RETRY_MS = 2_000;

export interface Connecting {
  /**
   * Settles after the first try (connected, and `connected` has run; or NATS unreachable): a
   * process awaits it before it listens, so that its first screens and edges do not find it
   * without NATS for the few milliseconds a connection takes. It never rejects.
   */
  firstTry: Promise<void>;
  close(): void;
}

/** How long a process waits for NATS's first try before it listens anyway (an address that never answers). */
export const FIRST_TRY_WAIT_MS = 3_000;

/** Resolves when the first try settled, or after FIRST_TRY_WAIT_MS. */
export function firstTryOrLater(connecting: Connecting): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, FIRST_TRY_WAIT_MS);
    timer.unref?.();
    void connecting.firstTry.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

export function connectForever(url: string, name: string, log: Logger, connected: (nc: NatsConnection) => void, unreachable: string): Connecting {
  let closed = false;
  let tried!: () => void;
  const firstTry = new Promise<void>((resolve) => (tried = resolve));
  let timer: ReturnType<typeof setTimeout> | null = null;
  let warned = false;
  const attempt = () => {
    timer = null;
    connect({ servers: url, name, maxReconnectAttempts: -1, reconnectTimeWait: 500, pingInterval: 10_000, maxPingOut: 2 }).then(
      (nc) => {
        if (closed) {
          tried();
          return void nc.close();
        }
        if (warned) log.warn({ url }, 'NATS can be reached now');
        try {
          connected(nc);
        } finally {
          tried();
        }
      },
      (err: unknown) => {
        if (closed) return tried();
        if (!warned) log.error({ url, err: String(err) }, `${unreachable}; trying again every ${RETRY_MS / 1000} s`);
        warned = true;
        tried();
        timer = setTimeout(attempt, RETRY_MS);
        timer.unref?.();
      },
    );
  };
  attempt();
  return {
    firstTry,
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
