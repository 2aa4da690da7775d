/**
 * The clock bug's content, shared by the clock overlay and the scene: level, blinds and ante,
 * time left, next level and time to break (two lines to a cell: the ante beside its label, so a
 * big-blind ante never pushes the blinds out of the bug); BREAK, paused, hand-for-hand and end-of-structure.
 * Once the tournament is over (server/engine/end.ts) it says so and counts nothing: no time, no
 * next level, no break (the champion graphic is another overlay's).
 */
import { html, nothing } from 'lit';
import type { LiveClock } from '../../../client/clock.js';
import type { ItemView } from '../../../client/messages.js';
import type { StreamLocalizer } from '../lib/l10n.js';

export function clockBug(live: LiveClock, items: readonly ItemView[] | undefined, handForHand: boolean, l10n: StreamLocalizer, extraClass = '', logo: unknown = nothing) {
  const { current, status } = live;
  const finished = status === 'finished';
  // Stopped for good or at the end of the structure: no time left to show.
  const ended = status === 'ended' || finished;
  // What follows a break is the level that comes back; what follows a level is the next level.
  const upcoming = (live.next && !live.next.break ? live.next : items?.slice(current.index + 1).find((i) => !i.break)) ?? null;
  // Blinds in full ("1,000,000 / 2,000,000") and the poker way ("1M / 2M"): the bug shows the
  // second only when the first does not fit (lib/fit-box.ts, the steps in its styles).
  const both = (long: string, short: string) => (long === short ? long : html`<span class="long">${long}</span><span class="short">${short}</span>`);
  const blinds = (item: ItemView) => both(l10n.blinds(item), item.break ? '' : `${l10n.chips(item.sb)} / ${l10n.chips(item.bb)}`);
  const ante = (item: ItemView) => both(l10n.ante(item), l10n.anteShort(item));
  const statusText = finished ? l10n.t('finished') : ended ? l10n.t('ended') : status === 'paused' ? l10n.t('paused') : status === 'idle' ? l10n.t('notStarted') : handForHand ? l10n.t('handForHand') : '';
  return html`<div
    class="box bug ${current.break ? 'break' : ''} ${ended ? 'ended' : ''} ${extraClass}"
    part="bug"
    data-box="bug"
    data-compact-max="5"
    data-fit-key=${[current.index, upcoming?.index ?? '', statusText, live.breakInMs === null ? '' : l10n.minutes(live.breakInMs), l10n.lang].join('|')}
  >
    ${logo !== nothing ? html`<div class="cell logo-cell">${logo}</div>` : nothing}
    <div class="cell level" part="level">
      <span class="value">${l10n.itemName(current)}</span>
      ${statusText ? html`<span class="label status" part="status">${statusText}</span>` : nothing}
    </div>
    ${current.break
      ? nothing
      : html`<div class="cell blinds" part="blinds">
          <span class="label">${l10n.t('blinds')}${l10n.ante(current) ? html` · <span class="ante" part="ante">${ante(current)}</span>` : nothing}</span>
          <span class="value">${blinds(current)}</span>
        </div>`}
    ${ended ? nothing : html`<div class="cell time" part="time"><span class="value">${l10n.countdown(live.remainingMs)}</span></div>`}
    ${upcoming && !ended
      ? html`<div class="cell next" part="next">
          <span class="label">${l10n.t('next')}</span>
          <span class="small">${blinds(upcoming)}</span>
          ${l10n.ante(upcoming) ? html`<span class="label next-ante">${ante(upcoming)}</span>` : nothing}
        </div>`
      : nothing}
    ${live.breakInMs !== null && !current.break && !ended
      ? html`<div class="cell break-in" part="break-in">
          <span class="label">${l10n.t('breakIn')}</span>
          <span class="small">${l10n.minutes(live.breakInMs)}</span>
        </div>`
      : nothing}
  </div>`;
}
