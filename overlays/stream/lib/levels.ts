import type { LiveClock } from '../../../client/clock.js';
import type { ItemView, LevelItemView } from '../../../client/messages.js';

/**
 * The level whose big blind stacks are counted in: the current one, or during a break the
 * level that follows it (a stack "in big blinds" at a break means after the break).
 */
export function levelInForce(live: LiveClock | null, items: readonly ItemView[] | undefined): LevelItemView | null {
  if (!live) return null;
  if (!live.current.break) return live.current;
  const start = live.current.index + 1;
  for (let i = start; items && i < items.length; i++) {
    const item = items[i]!;
    if (!item.break) return item;
  }
  return live.next && !live.next.break ? live.next : null;
}
