/**
 * A satellite's seats from its prize pool (docs/RULES.md "Satellites"): a seat per whole
 * `seatValue` in the pool; what is left goes to the next place, or is shared by the seat winners
 * (odd cents to the best places). Here so the engine pays it and the set-up form shows it live
 * from the same code.
 */
import type { SatelliteSettings } from '../bounties.js';

/** The guarantee a satellite's guaranteed seats make (0 without). */
export function seatGuarantee(s: SatelliteSettings | null | undefined): number {
  return s ? s.seatsGuaranteed * s.seatValue : 0;
}

/** The payouts of a satellite: a seat per whole `seatValue` in the pool, the rest as set. */
export function satellitePayouts(pool: number, s: Pick<SatelliteSettings, 'seatValue' | 'remainder'>): number[] {
  const seats = Math.floor(pool / s.seatValue);
  const rest = pool - seats * s.seatValue;
  if (seats === 0) return pool > 0 ? [pool] : [];
  if (rest === 0) return new Array<number>(seats).fill(s.seatValue);
  if (s.remainder === 'next-place') return [...new Array<number>(seats).fill(s.seatValue), rest];
  const each = Math.floor(rest / seats);
  return Array.from({ length: seats }, (_, i) => s.seatValue + each + (i < rest - each * seats ? 1 : 0));
}
