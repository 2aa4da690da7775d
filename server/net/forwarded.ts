/**
 * Client addresses behind a balancer (RIFFLE_TRUSTED_PROXIES). Behind haproxy or nginx in front
 * of the edges, every request and socket comes from the balancer's address: the per-address
 * socket cap, the anonymous request budget and the wrong-PIN lockout would then count every
 * screen and phone of the venue as one client (64 screens in all). A request from an address the
 * operator names as a proxy is counted by the address its `X-Forwarded-For` says instead: the
 * rightmost entry that is not itself a trusted proxy (the nearest client the proxies saw; what
 * a client wrote further left is its own claim and never trusted). A request from any other
 * address keeps its own: a client cannot choose its address by sending the header.
 */
import { isIP } from 'node:net';
import type { MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/** At most this many characters of X-Forwarded-For are read (a header is bounded anyway). */
const MAX_HEADER = 2048;

/** IPv4-mapped IPv6 (::ffff:10.0.0.1) and plain IPv4 name the same peer. */
function plain(address: string): string {
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

export class TrustedProxies {
  private readonly addresses: ReadonlySet<string>;

  constructor(addresses: readonly string[] = []) {
    for (const a of addresses) if (isIP(a) === 0) throw new Error(`RIFFLE_TRUSTED_PROXIES: "${a.slice(0, 60)}" is not an IP address`);
    this.addresses = new Set(addresses.map(plain));
  }

  get size(): number {
    return this.addresses.size;
  }

  has(address: string): boolean {
    return this.addresses.has(plain(address));
  }

  /** The client's address: the peer's own, or (from a trusted proxy) the one X-Forwarded-For names. */
  client(peer: string, forwardedFor: string | string[] | undefined): string {
    if (this.addresses.size === 0 || !this.has(peer) || forwardedFor === undefined) return peer;
    const header = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor).slice(-MAX_HEADER);
    const hops = header.split(',');
    for (let i = hops.length - 1; i >= 0; i--) {
      const hop = plain(hops[i]!.trim());
      if (isIP(hop) === 0) return peer;
      if (!this.has(hop)) return hop;
    }
    return peer;
  }

  /**
   * Sets the `client` variable every route reads through `clientAddress` (routes/context.ts),
   * first thing. A request relayed by an edge (cluster/http-relay.ts) already carries the client's.
   */
  middleware(): MiddlewareHandler<{ Variables: { client: string } }> {
    return async (c, next) => {
      if (this.addresses.size > 0) {
        let peer = '';
        try {
          peer = getConnInfo(c).remote.address ?? '';
        } catch {
          // no socket (app.request() in tests)
        }
        c.set('client', this.client(peer, c.req.header('x-forwarded-for')));
      }
      await next();
    };
  }
}

/** RIFFLE_TRUSTED_PROXIES: comma-separated IP addresses of the balancers in front. */
export function trustedProxiesFrom(value: string | undefined): TrustedProxies {
  return new TrustedProxies((value ?? '').split(',').map((a) => a.trim()).filter(Boolean));
}
