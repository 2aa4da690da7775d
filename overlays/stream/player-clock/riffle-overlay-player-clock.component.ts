import { html, nothing } from 'lit';
import { styleMap } from 'lit/directives/style-map.js';
import type { TournamentFeed } from '../../../client/collections.js';
import type { PlayerClockView, Topic } from '../../../client/messages.js';
import type { StreamLocalizer } from '../lib/l10n.js';
import { StreamOverlay } from '../lib/stream-overlay.js';
import { fitName } from '../lib/fit-name.js';
import { onAirNameOf } from '../../../server/protocol/on-air-name.js';
import styles from './riffle-overlay-player-clock.styles.js';

/**
 * @summary "Calling the clock" at the featured table: who is on the clock, and the time they
 *   have left, its last `countdownMs` counted down second by second with a draining bar.
 *
 * @cssproperty --riffle-overlay-bg - Background of the box.
 * @cssproperty --riffle-overlay-text - Text colour.
 * @cssproperty --riffle-overlay-muted - The time before the countdown.
 * @cssproperty --riffle-overlay-warn - "On the clock".
 * @cssproperty --riffle-overlay-down - The countdown and its bar.
 * @cssproperty --riffle-overlay-radius - Corner radius.
 * @cssproperty --riffle-overlay-font - Font family.
 * @cssproperty --riffle-overlay-enter-x - Horizontal offset the box enters from.
 * @cssproperty --riffle-overlay-enter-y - Vertical offset the box enters from.
 * @cssproperty --riffle-overlay-duration - Length of the entrance and exit.
 * @csspart air - The stage layer that animates in and out.
 * @csspart player-clock - The box (move it with `right`/`bottom`).
 * @csspart label - "On the clock".
 * @csspart name - The player.
 * @csspart seat - The seat.
 * @csspart time - The time left.
 * @csspart bar - The countdown bar.
 */
export class RiffleOverlayPlayerClock extends StreamOverlay {
  static override styles = [...StreamOverlay.styles, styles];
  protected readonly kind = 'player-clock' as const;
  protected readonly topics: readonly Topic[] = ['info', 'seating', 'stream', 'players'];

  /** The player's on-air name, for when his full name does not fit the box. */
  private shortName(entryId: string | null, name: string): string {
    const entry = entryId ? this.feed?.state.players?.entries.find((e) => e.id === entryId) : undefined;
    return onAirNameOf({ name, onAirName: entry?.onAirName });
  }

  private playerClock(): PlayerClockView | null {
    const state = this.feed?.state;
    const id = state?.stream?.featuredTableId;
    return (id && state?.seating?.tables.find((t) => t.id === id)?.playerClock) || null;
  }

  /** Counts to the end of the player's time, then to `leavesAt`, when it leaves the air by itself. */
  protected override deadline(): number | null {
    const clock = this.playerClock();
    if (!clock) return null;
    return this.countdown.frameNow < clock.endsAt ? clock.endsAt : clock.leavesAt;
  }

  /** An expired clock leaves the air at `leavesAt` (a few seconds after zero) with no command: the server never ticks. */
  protected override hasContent(): boolean {
    const clock = this.playerClock();
    return clock !== null && this.countdown.frameNow < clock.leavesAt;
  }

  protected renderOverlay(_feed: TournamentFeed, l10n: StreamLocalizer) {
    const clock = this.playerClock();
    if (!clock) return nothing;
    const left = Math.max(0, clock.endsAt - this.countdown.frameNow);
    const counting = left <= clock.countdownMs;
    const share = counting && clock.countdownMs > 0 ? Math.max(0, left - 1000) / clock.countdownMs : 1;
    return html`<div class="box player-clock ${counting ? 'counting' : ''}" part="player-clock" data-box="player-clock" data-seat=${clock.seat}>
      <div class="label"><span part="label">${l10n.t('onTheClock')}</span><span class="seat muted" part="seat">${l10n.t('seat', { n: l10n.number(clock.seat) })}</span></div>
      <div class="who" part="name" data-lines="2" ${fitName(clock.name ?? '', this.shortName(clock.entryId, clock.name ?? ''))}></div>
      <div class="time" part="time">${counting ? l10n.number(Math.ceil(left / 1000)) : l10n.countdown(left)}</div>
      <div class="bar" part="bar" style=${styleMap({ transform: `scaleX(${share})` })}></div>
    </div>`;
  }
}
