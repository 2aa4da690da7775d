/**
 * The clock bug's content, shared by the clock overlay and the scene: level, blinds and ante,
 * time left, next level and time to break; BREAK, paused, hand-for-hand and end-of-structure.
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
  const statusText = finished ? l10n.t('finished') : ended ? l10n.t('ended') : status === 'paused' ? l10n.t('paused') : status === 'idle' ? l10n.t('notStarted') : handForHand ? l10n.t('handForHand') : '';
  return html`<div class="box bug ${current.break ? 'break' : ''} ${ended ? 'ended' : ''} ${extraClass}" part="bug" data-box="bug">
    ${logo !== nothing ? html`<div class="cell logo-cell">${logo}</div>` : nothing}
    <div class="cell level" part="level">
      <span class="value">${l10n.itemName(current)}</span>
      ${statusText ? html`<span class="label status" part="status">${statusText}</span>` : nothing}
    </div>
    ${current.break
      ? nothing
      : html`<div class="cell blinds" part="blinds">
          <span class="label">${l10n.t('blinds')}</span>
          <span class="value">${l10n.blinds(current)}</span>
          ${l10n.ante(current) ? html`<span class="small ante" part="ante">${l10n.ante(current)}</span>` : nothing}
        </div>`}
    ${ended ? nothing : html`<div class="cell time" part="time"><span class="value">${l10n.countdown(live.remainingMs)}</span></div>`}
    ${upcoming && !ended
      ? html`<div class="cell next" part="next">
          <span class="label">${l10n.t('next')}</span>
          <span class="small">${l10n.blinds(upcoming)}</span>
          ${l10n.ante(upcoming) ? html`<span class="label">${l10n.ante(upcoming)}</span>` : nothing}
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
