/**
 * The clock as a screen shows it at a given server time: the server's clock topic carried
 * forward locally.
 *
 * The server sends "level N ends at T" and nothing while the level runs. At T the screen does
 * not wait for the server's patch: it moves on to the next item by itself (from the structure
 * topic, or from `clock.next`), so every screen flips at the same instant and never shows
 * "0:00" while the patch is on its way. Because this is a pure function of (server state, now),
 * the patch that follows agrees with what is already shown: nothing flickers back.
 */
import type { ClockStatus, ClockView, ItemView } from './messages.js';

/** One minute left: the warning signal. */
export const WARNING_MS = 60_000;

export interface LiveClock {
  readonly status: ClockStatus;
  readonly current: ItemView;
  /** The item after the current one; null at the end of the structure (or not known yet). */
  readonly next: ItemView | null;
  /** Server milliseconds left in the current item. */
  readonly remainingMs: number;
  /** Running: server time at which the current item ends. */
  readonly endsAt: number | null;
  /** Play time until the next break starts; null when no break is left. */
  readonly breakInMs: number | null;
  /** Share of the current item already played, 0 to 1. */
  readonly progress: number;
  /** True while shown ahead of the server (the item ran out; the server's patch is on its way). */
  readonly ahead: boolean;
}

/**
 * @param clock the server's clock topic
 * @param items the structure topic's items, when the screen follows it (better: it can walk
 *   over several items, e.g. after a long time offline)
 * @param now the server time to show
 */
export function liveClock(clock: ClockView, items: readonly ItemView[] | undefined, now: number): LiveClock {
  /** The item after `item`: null past the end, undefined when this screen cannot know. */
  const after = (item: ItemView): ItemView | null | undefined => {
    if (items) return items[item.index + 1] ?? null;
    return item.index === clock.current.index ? clock.next : undefined;
  };

  let status = clock.status;
  let current = clock.current;
  let endsAt = clock.status === 'running' && clock.endsAt !== undefined ? clock.endsAt : null;
  let ahead = false;
  if (endsAt !== null) {
    while (endsAt <= now) {
      const following = after(current);
      if (following === undefined) break; // stay at 0:00 until the server speaks
      if (following === null) {
        status = 'ended';
        endsAt = null;
        ahead = true;
        break;
      }
      current = following;
      endsAt += following.ms;
      ahead = true;
    }
  }

  const remainingMs =
    status === 'ended' ? 0 : endsAt !== null ? Math.max(0, endsAt - now) : Math.max(0, clock.remainingMs ?? 0);

  let breakInMs: number | null = null;
  if (status !== 'ended') {
    if (!ahead) {
      if (clock.breakAt !== undefined) breakInMs = Math.max(0, clock.breakAt - now);
      else if (clock.breakInMs !== undefined) breakInMs = clock.breakInMs;
    } else if (items) {
      let sum = remainingMs;
      for (let i = current.index + 1; i < items.length; i++) {
        const item = items[i]!;
        if (item.break) {
          breakInMs = sum;
          break;
        }
        sum += item.ms;
      }
    } else if (clock.breakAt !== undefined && clock.breakAt > now) {
      breakInMs = clock.breakAt - now;
    }
  }

  return {
    status,
    current,
    next: after(current) ?? null,
    remainingMs,
    endsAt,
    breakInMs,
    progress: current.ms > 0 ? Math.min(1, Math.max(0, 1 - remainingMs / current.ms)) : 1,
    ahead,
  };
}

/**
 * Server milliseconds until the structure item at `index` ends, carried from the live clock:
 * what is left of the current item plus every item up to and including `index`.
 * Null when the item is already over or the screen does not follow the structure.
 */
export function msUntilEndOf(live: LiveClock, items: readonly ItemView[] | undefined, index: number): number | null {
  if (index < live.current.index || live.status === 'ended') return null;
  let ms = live.remainingMs;
  for (let i = live.current.index + 1; i <= index; i++) {
    const item = items?.[i];
    if (!item) return null;
    ms += item.ms;
  }
  return ms;
}

/** Whole seconds a countdown shows for `ms` left: rounded up, so 0:00 appears exactly at the end. */
export function wholeSeconds(ms: number): number {
  return Math.max(0, Math.ceil(ms / 1000));
}

/** "19:59", "9:05", "1:05:00" (h:mm:ss from one hour). Digits and colons read the same in every locale we ship. */
export function formatCountdown(ms: number): string {
  const total = wholeSeconds(ms);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/**
 * The state classes of a clock as shown (break, paused, idle, ended, the last minute running),
 * for the display's stage and the phone's clock panel alike.
 */
export function clockClasses(live: LiveClock): Record<'break' | 'paused' | 'idle' | 'ended' | 'warning', boolean> {
  const { current, status } = live;
  return {
    break: Boolean(current.break),
    paused: status === 'paused',
    idle: status === 'idle',
    ended: status === 'ended',
    warning: status === 'running' && live.remainingMs <= WARNING_MS,
  };
}
