/**
 * When a producer's change reaches the stream: the secure delay airs it `delaySeconds` after
 * the command (StreamView.changedAt), so the phone says "on air at 14:02:31" until then.
 */
import type { OverlayKind, StreamView } from '../../server/protocol/stream.js';

/** Server time at which the last change to `kind` airs, or null when it is on the stream already. */
export function airsAt(stream: StreamView, kind: OverlayKind, now: number): number | null {
  const at = stream.changedAt?.[kind];
  if (at === undefined || stream.delaySeconds <= 0) return null;
  const airs = at + stream.delaySeconds * 1000;
  return airs > now ? airs : null;
}

/** The earliest change still to air, or null: the Stream tab re-renders then. */
export function nextAiring(stream: StreamView, now: number): number | null {
  let next: number | null = null;
  for (const at of Object.values(stream.changedAt ?? {})) {
    const airs = at + stream.delaySeconds * 1000;
    if (stream.delaySeconds > 0 && airs > now && (next === null || airs < next)) next = airs;
  }
  return next;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** "14:02:31": server time in the phone's time zone, 24-hour (the floor's clock). */
export function clockTime(lang: string, serverTime: number): string {
  let format = formats.get(lang);
  if (!format) formats.set(lang, (format = new Intl.DateTimeFormat(lang, { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })));
  return format.format(new Date(serverTime));
}
