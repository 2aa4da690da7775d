import { isIP } from 'node:net';
import { hostname as osHostname, networkInterfaces } from 'node:os';

/**
 * Client addresses. Loopback is the machine the server runs on (the TD's laptop console, a
 * local OBS, the benchmarks): it is trusted with what the LAN is not (see docs/SECURITY.md).
 */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

/**
 * The `Host` names this server answers to (DNS-rebinding defence, docs/SECURITY.md): loopback
 * names, every address of this machine's interfaces, its host name (and `<name>.local`), and
 * what RIFFLE_HOSTS adds. A page on an attacker's domain whose name was rebound to the venue
 * laptop's address sends that domain as `Host`, so it is refused. `*` turns the check off.
 */
export class HostAllowList {
  private names = new Set<string>();
  private readonly any: boolean;

  constructor(
    private readonly extra: readonly string[] = [],
    private readonly machine: () => { addresses: string[]; hostname: string } = thisMachine,
  ) {
    this.any = extra.includes('*');
    this.refresh();
  }

  /** True when `host` (a Host header, with or without its port) names this server. */
  allows(host: string | undefined): boolean {
    if (this.any) return true;
    const name = hostName(host);
    if (name === null) return false;
    if (this.names.has(name) || (isIP(name) !== 0 && isLoopback(name))) return true;
    // A new address (DHCP, a hotspot switched on): look again before refusing.
    this.refresh();
    return this.names.has(name);
  }

  private refresh(): void {
    const { addresses, hostname } = this.machine();
    const names = new Set<string>(['localhost', '127.0.0.1', '::1']);
    for (const a of addresses) names.add(a.toLowerCase());
    if (hostname) {
      names.add(hostname.toLowerCase());
      names.add(`${hostname.toLowerCase()}.local`);
    }
    for (const e of this.extra) if (e !== '*') names.add(e.trim().toLowerCase());
    this.names = names;
  }
}

/** The name part of a Host header, lower case, without port or IPv6 brackets; null if there is none. */
export function hostName(host: string | undefined): string | null {
  if (!host) return null;
  const h = host.trim().toLowerCase();
  if (h.startsWith('[')) {
    const end = h.indexOf(']');
    return end > 1 ? h.slice(1, end) : null;
  }
  const colon = h.indexOf(':');
  const name = colon >= 0 ? h.slice(0, colon) : h;
  return name || null;
}

function thisMachine(): { addresses: string[]; hostname: string } {
  const addresses: string[] = [];
  for (const list of Object.values(networkInterfaces())) for (const net of list ?? []) addresses.push(net.address.replace(/%.*$/, ''));
  return { addresses, hostname: osHostname() };
}
