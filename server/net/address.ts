/**
 * Client addresses. Loopback is the machine the server runs on (the TD's laptop console, a
 * local OBS, the benchmarks): it is trusted with what the LAN is not (see docs/SECURITY.md).
 */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}
