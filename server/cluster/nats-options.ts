/**
 * How a host or an edge reaches NATS (docs/SCALING.md "NATS"): one or several server URLs
 * (RIFFLE_NATS_URL, comma-separated: the members of a NATS cluster), the credentials NATS asks
 * for, and TLS. nats.js ignores a user and password written in the URL, so they are taken out
 * of it here and given to the client as its authenticator.
 *
 * | variable | what |
 * |---|---|
 * | RIFFLE_NATS_URL | `nats://[user:password@]host:4222[,nats://…]`; `nats://token@host` is a token; `tls://` asks for TLS |
 * | RIFFLE_NATS_USER, RIFFLE_NATS_PASSWORD | user and password (instead of the URL's) |
 * | RIFFLE_NATS_TOKEN | a token (`authorization { token: … }`) |
 * | RIFFLE_NATS_NKEY | a file holding an NKey seed (`SU…`; `authorization { users: [{ nkey: U… }] }`) |
 * | RIFFLE_NATS_CREDS | a credentials file (a user JWT and its NKey seed: NATS accounts, `nsc`) |
 * | RIFFLE_NATS_CA | the CA (PEM) that signed the server's certificate: TLS required |
 * | RIFFLE_NATS_CERT, RIFFLE_NATS_KEY | this process's client certificate and key (PEM): TLS with `verify: true` |
 * | RIFFLE_NATS_TLS=1 | TLS required, the server's certificate checked against the system's CAs |
 *
 * Secrets are never logged: `maskNatsUrl` is what goes to the log.
 */
import { readFileSync } from 'node:fs';
import { credsAuthenticator, nkeyAuthenticator, tokenAuthenticator, usernamePasswordAuthenticator, type Authenticator, type ConnectionOptions, type TlsOptions } from 'nats';

export interface NatsAuth {
  user?: string;
  password?: string;
  token?: string;
  /** A file holding an NKey seed. */
  nkeyFile?: string;
  /** A credentials file (JWT and seed). */
  credsFile?: string;
  /** TLS: a CA file, a client certificate and key (files, PEM), or just `required`. */
  tls?: { caFile?: string; certFile?: string; keyFile?: string; required?: boolean };
}

/** Where a process finds NATS: the URL(s) and what else it needs. */
export interface NatsTarget {
  url: string;
  auth?: NatsAuth;
}

/** The NATS settings of the environment (the table above). */
export function natsAuthFromEnv(env: NodeJS.ProcessEnv = process.env): NatsAuth {
  const auth: NatsAuth = {};
  if (env.RIFFLE_NATS_USER) auth.user = env.RIFFLE_NATS_USER;
  if (env.RIFFLE_NATS_PASSWORD) auth.password = env.RIFFLE_NATS_PASSWORD;
  if (env.RIFFLE_NATS_TOKEN) auth.token = env.RIFFLE_NATS_TOKEN;
  if (env.RIFFLE_NATS_NKEY) auth.nkeyFile = env.RIFFLE_NATS_NKEY;
  if (env.RIFFLE_NATS_CREDS) auth.credsFile = env.RIFFLE_NATS_CREDS;
  const tls = {
    ...(env.RIFFLE_NATS_CA ? { caFile: env.RIFFLE_NATS_CA } : {}),
    ...(env.RIFFLE_NATS_CERT ? { certFile: env.RIFFLE_NATS_CERT } : {}),
    ...(env.RIFFLE_NATS_KEY ? { keyFile: env.RIFFLE_NATS_KEY } : {}),
    ...(env.RIFFLE_NATS_TLS === '1' || env.RIFFLE_NATS_TLS === 'true' ? { required: true } : {}),
  };
  if (Object.keys(tls).length) auth.tls = tls;
  return auth;
}

interface ParsedServer {
  server: string;
  user?: string;
  password?: string;
  tls: boolean;
}

function parseServer(raw: string): ParsedServer {
  const text = raw.includes('://') ? raw : `nats://${raw}`;
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    throw new Error(`RIFFLE_NATS_URL: "${maskNatsUrl(raw)}" is not a URL (nats://host:4222)`);
  }
  if (!['nats:', 'tls:'].includes(u.protocol)) throw new Error(`RIFFLE_NATS_URL: ${u.protocol}// is not a NATS URL (nats:// or tls://)`);
  const server = `${u.hostname.includes(':') && !u.hostname.startsWith('[') ? `[${u.hostname}]` : u.hostname}:${u.port || '4222'}`;
  return {
    server,
    ...(u.username ? { user: decodeURIComponent(u.username) } : {}),
    ...(u.password ? { password: decodeURIComponent(u.password) } : {}),
    tls: u.protocol === 'tls:',
  };
}

function readSecret(file: string, what: string, variable: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    throw new Error(`${variable}: the ${what} file ${file} cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
}

/**
 * The client's options for `target`. Throws a clear message on a setting that cannot work (two
 * kinds of credentials, a file that cannot be read, a certificate without its key): a
 * configuration error stops the start, it is not retried.
 */
export function natsOptions(target: NatsTarget): ConnectionOptions {
  const parts = target.url.split(',').map((s) => s.trim()).filter(Boolean);
  if (parts.length === 0) throw new Error('RIFFLE_NATS_URL is empty');
  const servers = parts.map(parseServer);
  const auth = target.auth ?? {};
  // The URL's credentials, when the environment names none (the first URL that carries any).
  const inUrl = servers.find((s) => s.user !== undefined);
  const user = auth.user ?? (inUrl?.password !== undefined ? inUrl.user : undefined);
  const password = auth.password ?? (auth.user === undefined ? inUrl?.password : undefined);
  const token = auth.token ?? (inUrl && inUrl.password === undefined && auth.user === undefined ? inUrl.user : undefined);
  const kinds = [user !== undefined || password !== undefined ? 'a user and password' : null, token !== undefined ? 'a token' : null, auth.nkeyFile ? 'an NKey' : null, auth.credsFile ? 'a credentials file' : null].filter(Boolean);
  if (kinds.length > 1) throw new Error(`NATS credentials: ${kinds.join(' and ')} are set; NATS takes one kind (RIFFLE_NATS_URL, RIFFLE_NATS_USER/PASSWORD, RIFFLE_NATS_TOKEN, RIFFLE_NATS_NKEY, RIFFLE_NATS_CREDS)`);
  if ((user === undefined) !== (password === undefined)) throw new Error('NATS credentials: a user needs its password (RIFFLE_NATS_USER and RIFFLE_NATS_PASSWORD, or nats://user:password@host)');

  let authenticator: Authenticator | undefined;
  if (user !== undefined && password !== undefined) authenticator = usernamePasswordAuthenticator(user, password);
  else if (token !== undefined) authenticator = tokenAuthenticator(token);
  else if (auth.nkeyFile) authenticator = nkeyAuthenticator(new TextEncoder().encode(readSecret(auth.nkeyFile, 'NKey seed', 'RIFFLE_NATS_NKEY').trim()));
  else if (auth.credsFile) authenticator = credsAuthenticator(new TextEncoder().encode(readSecret(auth.credsFile, 'credentials', 'RIFFLE_NATS_CREDS')));

  const t = auth.tls ?? {};
  if (Boolean(t.certFile) !== Boolean(t.keyFile)) throw new Error('NATS TLS: a client certificate needs its key (RIFFLE_NATS_CERT and RIFFLE_NATS_KEY)');
  let tls: TlsOptions | undefined;
  if (t.caFile || t.certFile || t.required || servers.some((s) => s.tls)) {
    tls = {
      ...(t.caFile ? { ca: readSecret(t.caFile, 'CA', 'RIFFLE_NATS_CA') } : {}),
      ...(t.certFile ? { cert: readSecret(t.certFile, 'certificate', 'RIFFLE_NATS_CERT') } : {}),
      ...(t.keyFile ? { key: readSecret(t.keyFile, 'key', 'RIFFLE_NATS_KEY') } : {}),
    };
  }
  return {
    servers: servers.map((s) => s.server),
    ...(authenticator ? { authenticator } : {}),
    ...(tls ? { tls } : {}),
  };
}

/** The URL(s) with every password and token replaced by `***` (what the log shows). */
export function maskNatsUrl(url: string): string {
  return url
    .split(',')
    .map((part) => part.trim().replace(/^([a-z]+:\/\/)?([^@/]*)@/i, (_m, scheme: string | undefined, who: string) => `${scheme ?? ''}${who.includes(':') ? `${who.slice(0, who.indexOf(':'))}:***` : '***'}@`))
    .join(',');
}

/** What the log says about how a process reaches NATS: masked URLs and the kinds of credentials and TLS, never a secret. */
export function describeNats(target: NatsTarget): { url: string; auth: string; tls: string } {
  const a = target.auth ?? {};
  const inUrl = /@/.test(target.url);
  const auth = a.credsFile ? 'credentials file' : a.nkeyFile ? 'nkey' : a.token ? 'token' : a.user ? 'user and password' : inUrl ? 'in the URL' : 'none';
  const tls = a.tls?.certFile ? 'client certificate' : a.tls?.caFile || a.tls?.required || /(^|,)\s*tls:/.test(target.url) ? 'on' : 'off';
  return { url: maskNatsUrl(target.url), auth, tls };
}

/**
 * The NATS settings of the environment, checked (a process's main): null without
 * RIFFLE_NATS_URL; a setting that cannot work stops the start with its message.
 */
export function natsTargetFromEnv(env: NodeJS.ProcessEnv = process.env): NatsTarget | null {
  if (!env.RIFFLE_NATS_URL) return null;
  const target = { url: env.RIFFLE_NATS_URL, auth: natsAuthFromEnv(env) };
  try {
    natsOptions(target);
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n`);
    process.exit(1);
  }
  return target;
}
