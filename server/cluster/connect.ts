/**
 * One NATS connection that a host or an edge keeps for its lifetime: NATS unreachable at start
 * is one clear log line and a try every RETRY_MS (our own timer, unref'd, so a process that
 * closes is not held open by it); once connected, nats.js reconnects by itself forever, also
 * past refused credentials (a password changed on the server and then on the process).
 *
 * Credentials NATS refuses are told apart from a NATS that cannot be reached: the log line says
 * which settings to check, and `state` says `refused` (readiness: server/net/readiness.ts).
 */
import { connect, ErrorCode, type NatsConnection } from 'nats';
import type { Logger } from 'pino';
import { describeNats, natsOptions, type NatsTarget } from './nats-options.js';

export const RETRY_MS = 2_000;
/** How long one try may take (a TLS handshake the server never finishes: a client certificate it refuses). */
export const CONNECT_TIMEOUT_MS = 5_000;

/** Where a process stands with NATS (readiness, /healthz). */
export interface NatsState {
  connected: boolean;
  /** NATS refused this process's credentials (the last try): a setting to fix, not a network fault. */
  refused: boolean;
  /** The last error, in words (never a secret). */
  error: string | null;
}

export interface Connecting {
  /**
   * Settles after the first try (connected, and `connected` has run; or NATS unreachable): a
   * process awaits it before it listens, so that its first screens and edges do not find it
   * without NATS for the few milliseconds a connection takes. It never rejects.
   */
  firstTry: Promise<void>;
  readonly state: NatsState;
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

const AUTH_CODES: string[] = [ErrorCode.AuthorizationViolation, ErrorCode.AuthenticationExpired, ErrorCode.AuthenticationTimeout];

/** Whether an error of nats.js is NATS refusing the credentials. */
export function isAuthError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return (typeof code === 'string' && AUTH_CODES.includes(code)) || /authorization violation|authentication/i.test(String(err));
}

const REFUSED = 'NATS refused the credentials of this process (Authorization Violation): check RIFFLE_NATS_URL\'s user and password, RIFFLE_NATS_USER/RIFFLE_NATS_PASSWORD, RIFFLE_NATS_TOKEN, RIFFLE_NATS_NKEY or RIFFLE_NATS_CREDS against nats.conf\'s authorization block';

/** Throws at once on settings that cannot work (natsOptions): the process does not start with them. */
export function connectForever(target: NatsTarget, name: string, log: Logger, connected: (nc: NatsConnection) => void, unreachable: string): Connecting {
  const options = natsOptions(target);
  const where = describeNats(target);
  const state: NatsState = { connected: false, refused: false, error: null };
  let closed = false;
  let tried!: () => void;
  const firstTry = new Promise<void>((resolve) => (tried = resolve));
  let timer: ReturnType<typeof setTimeout> | null = null;
  let warned: 'refused' | 'unreachable' | null = null;
  const failed = (err: unknown) => {
    const refused = isAuthError(err);
    state.connected = false;
    state.refused = refused;
    state.error = refused ? 'credentials refused' : String(err);
    const kind = refused ? 'refused' : 'unreachable';
    if (warned !== kind) log.error({ nats: where, err: String(err) }, refused ? `${REFUSED}; trying again every ${RETRY_MS / 1000} s` : `${unreachable}; trying again every ${RETRY_MS / 1000} s`);
    warned = kind;
  };
  const watch = async (nc: NatsConnection) => {
    for await (const s of nc.status()) {
      if (s.type === 'disconnect') state.connected = false;
      else if (s.type === 'reconnect') Object.assign(state, { connected: true, refused: false, error: null });
      else if (s.type === 'error' && isAuthError(s.data)) {
        if (!state.refused) log.error({ nats: where, err: String(s.data) }, `${REFUSED}; nats.js keeps trying`);
        Object.assign(state, { connected: false, refused: true, error: 'credentials refused' });
      }
    }
  };
  const attempt = () => {
    timer = null;
    connect({ ...options, name, timeout: CONNECT_TIMEOUT_MS, maxReconnectAttempts: -1, reconnectTimeWait: 500, pingInterval: 10_000, maxPingOut: 2, ignoreAuthErrorAbort: true }).then(
      (nc) => {
        if (closed) {
          tried();
          return void nc.close();
        }
        if (warned) log.warn({ nats: where }, 'NATS can be reached now');
        Object.assign(state, { connected: true, refused: false, error: null });
        void watch(nc);
        try {
          connected(nc);
        } finally {
          tried();
        }
      },
      (err: unknown) => {
        if (closed) return tried();
        failed(err);
        tried();
        timer = setTimeout(attempt, RETRY_MS);
        timer.unref?.();
      },
    );
  };
  attempt();
  return {
    firstTry,
    state,
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
