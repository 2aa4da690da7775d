/**
 * The overlay's address: `/overlay/:tournamentId/:kind?option=value`. A streamer types these
 * options into OBS by hand, so a bad value never breaks the graphic: it falls back to the
 * default and says why in the browser console (OBS: right-click the source, Interact, F12).
 */

/** The tournament id of a `/overlay/:id/:kind` address, or null. */
export function tournamentFromOverlayPath(pathname: string): string | null {
  const match = /^\/overlay\/([^/]+)\/[^/]+\/?$/.exec(pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

function reject(name: string, raw: string, fallback: unknown, why: string): void {
  console.warn(`riffle overlay: ?${name}=${JSON.stringify(raw)} ${why}; using ${JSON.stringify(fallback)}`);
}

/** A whole number in [min, max]; absent: the default. */
export function intParam(params: URLSearchParams, name: string, fallback: number, min: number, max: number): number {
  const raw = params.get(name);
  if (raw === null) return fallback;
  const value = Number(raw.trim());
  if (raw.trim() === '' || !Number.isInteger(value) || value < min || value > max) {
    reject(name, raw, fallback, `is not a whole number from ${min} to ${max}`);
    return fallback;
  }
  return value;
}

/** One of `values`; absent: the default. */
export function enumParam<T extends string>(params: URLSearchParams, name: string, values: readonly T[], fallback: T): T {
  const raw = params.get(name);
  if (raw === null) return fallback;
  const value = raw.trim().toLowerCase();
  if ((values as readonly string[]).includes(value)) return value as T;
  reject(name, raw, fallback, `is not one of ${values.join(', ')}`);
  return fallback;
}

/** `?name=1` (or `true`, or just `?name`); anything else but `0`/`false` is reported. */
export function flagParam(params: URLSearchParams, name: string): boolean {
  const raw = params.get(name);
  if (raw === null) return false;
  const value = raw.trim().toLowerCase();
  if (value === '' || value === '1' || value === 'true') return true;
  if (value !== '0' && value !== 'false') reject(name, raw, false, 'is not 1 or 0');
  return false;
}
