import { html, nothing, type PropertyValues } from 'lit';
import { state } from 'lit/decorators.js';
import type { TournamentFeed } from '../../../client/collections.js';
import type { PublicEvent, Topic } from '../../../client/messages.js';
import type { StreamLocalizer } from '../lib/l10n.js';
import { intParam } from '../lib/params.js';
import { RankTracker } from '../lib/ranking.js';
import { fitName } from '../lib/fit-name.js';
import { onAirNameOf } from '../../../server/protocol/on-air-name.js';
import { StreamOverlay } from '../lib/stream-overlay.js';
import { alertsFor, championAlert, type AlertView } from './alert-text.js';
import { photoOrFlag } from '../lib/flag.js';
import type { StreamPlayer } from '../lib/players.js';
import styles from './riffle-overlay-alerts.styles.js';

/** Time an alert takes to leave before the next one comes (the exit transition). */
const EXIT_MS = 500;

/**
 * @summary Animated pop-ups for what happens on the floor: eliminations with place and prize,
 *   the bubble bursting, the final table, blinds up and breaks, a new chip leader,
 *   hand-for-hand and the winner.
 *
 * Alerts queue and are never dropped: each shows for `?seconds=` (2-60, default 6), one after
 * the other; while the producer has taken the overlay off air they wait. The producer's
 * `stream.replayAlert` shows the last one again. Alerts come from the events of changes only:
 * a freshly loaded page announces nothing from the past.
 *
 * @cssproperty --riffle-overlay-bg - Background of the pop-up.
 * @cssproperty --riffle-overlay-text - Text colour.
 * @cssproperty --riffle-overlay-accent - Edge and title of most alerts.
 * @cssproperty --riffle-overlay-down - Edge and title of an elimination.
 * @cssproperty --riffle-overlay-warn - Edge and title of the bubble, final table and winner.
 * @cssproperty --riffle-overlay-up - Title of a break or a new chip leader.
 * @cssproperty --riffle-overlay-radius - Corner radius.
 * @cssproperty --riffle-overlay-font - Font family.
 * @cssproperty --riffle-overlay-duration - Length of an alert's entrance and exit.
 * @csspart air - The stage layer that animates in and out.
 * @csspart alert - The pop-up (move it with `left`/`right`/`top`); `data-kind` names the alert.
 * @csspart title - Its headline ("Eliminated").
 * @csspart text - Its line ("Anna Jansen, 14th, €1,230"); in the elimination and champion graphics the place and prize.
 * @csspart portrait - The elimination and champion graphics' photo (where the player has one) or flag.
 * @csspart name - The player's name in those graphics.
 * @csspart by - "Eliminated by …" and the bounty won (when the eliminator was recorded).
 */
export class RiffleOverlayAlerts extends StreamOverlay {
  static override styles = [...StreamOverlay.styles, styles];
  protected readonly kind = 'alerts' as const;
  protected readonly topics: readonly Topic[] = ['info', 'structure', 'clock', 'field', 'players', 'moves', 'stream'];

  private readonly holdMs = intParam(this.params, 'seconds', 6, 2, 60) * 1000;
  private readonly tracker = new RankTracker();
  private readonly queue: AlertView[] = [];
  private last: AlertView | null = null;
  @state() private current: AlertView | null = null;
  @state() private shown = false;
  /** Counts alerts shown, so the same alert shown again is a new element (its entrance plays). */
  private shownCount = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  /** Once the tournament is over (clock `finished`), the champion graphic stays on air after the queue. */
  private champion: AlertView | null = null;

  protected override hasContent(): boolean {
    return this.current !== null;
  }

  /** The champion of a finished tournament from the state: place 1, or the one player still in. */
  private championOf(feed: TournamentFeed): AlertView | null {
    if (feed.state.clock?.status !== 'finished') return null;
    const entries = (feed.state.players?.entries ?? []) as StreamPlayer[];
    const winner = entries.find((e) => e.place === 1) ?? (entries.filter((e) => e.status === 'active').length === 1 ? entries.find((e) => e.status === 'active') : undefined);
    if (!winner) return null;
    const currency = feed.state.info?.currency ?? feed.state.field?.currency ?? 'EUR';
    const prize = winner.prize ?? feed.state.payouts?.deal?.amounts[winner.id] ?? feed.state.payouts?.places.find((p) => p.place === 1)?.amount ?? 0;
    return championAlert(this.l10n, { name: winner.name, onAirName: winner.onAirName, country: winner.country, photo: winner.photo }, prize, currency);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  protected override feedChanged(feed: TournamentFeed, previous: TournamentFeed | null, events: readonly PublicEvent[]): void {
    const { ranking, chipChange, previousLeader } = this.tracker.update(feed.state.players);
    const leader = ranking[0] ?? null;
    const newLeader = chipChange && previousLeader && leader && leader.id !== previousLeader.id ? leader : null;
    const champion = this.championOf(feed);
    const wasChampion = this.champion;
    this.champion = champion;
    if (!champion && wasChampion && this.current?.kind === 'winner') this.leave();
    if (events.length === 0 && !newLeader) {
      this.pump();
      return;
    }
    const alerts = alertsFor(events, {
      l10n: this.l10n,
      currency: feed.state.info?.currency ?? feed.state.field?.currency ?? 'EUR',
      items: feed.state.structure?.items,
      fieldBefore: previous?.state.field,
      field: feed.state.field,
      newLeader,
      players: new Map(((feed.state.players?.entries ?? []) as StreamPlayer[]).map((e) => [e.id, e])),
    });
    if (events.some((e) => e.type === 'stream.replayAlert') && this.last) alerts.push(this.last);
    this.queue.push(...alerts);
    this.pump();
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    this.pump();
  }

  /** Shows the next alert when none is showing and the producer has the overlay on air. */
  private pump(): void {
    if (this.current || !this.feed) return;
    if (this.feed.state.stream?.hidden.includes('alerts')) return;
    if (this.queue.length === 0) {
      // The night is over: the champion stays on air (no timer) until the producer takes it off or the last bust is undone.
      if (!this.champion) return;
      this.current = this.champion;
      this.shownCount++;
      this.shown = false;
      void this.updateComplete.then(() => {
        const box = this.renderRoot.querySelector('.alert');
        if (box) getComputedStyle(box).opacity;
        this.shown = true;
      });
      return;
    }
    this.current = this.queue.shift()!;
    this.last = this.current;
    this.shownCount++;
    this.shown = false;
    void this.updateComplete.then(() => {
      const box = this.renderRoot.querySelector('.alert');
      if (box) getComputedStyle(box).opacity; // commit the off pose: the change to shown is the entrance
      this.shown = true;
      this.timer = setTimeout(() => this.leave(), this.holdMs);
    });
  }

  private leave(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    // The winner's graphic is the champion's: it stays while the tournament is over and nothing else waits.
    if (this.current?.kind === 'winner' && this.champion && this.queue.length === 0) return;
    this.shown = false;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.current = null;
    }, EXIT_MS);
  }

  protected renderOverlay(_feed: TournamentFeed, _l10n: StreamLocalizer) {
    const alert = this.current;
    if (!alert) return nothing;
    const graphic = alert.player !== undefined;
    return html`<div
      class="box alert ${alert.kind} ${graphic ? 'graphic' : ''} ${this.shown ? 'shown' : ''}"
      part="alert"
      data-box="alert"
      data-kind=${alert.kind}
      data-n=${this.shownCount}
      role="status"
    >
      ${graphic
        ? html`<div class="portrait" part="portrait">${photoOrFlag(alert.player!.photo, alert.player!.country, 'photo')}</div>
            <div class="body">
              <span class="title" part="title" data-text>${alert.title}</span>
              <span class="who" part="name" data-text data-lines="2" ${fitName(alert.player!.name, onAirNameOf(alert.player!))}></span>
              ${alert.facts && alert.facts.length > 0 ? html`<span class="facts" part="text" data-text>${alert.facts.join(' · ')}</span>` : nothing}
              ${alert.by && alert.by.length > 0 ? html`<span class="by" part="by" data-text>${alert.by.join(' · ')}</span>` : nothing}
            </div>`
        : html`<span class="title" part="title" data-text>${alert.title}</span>
            <span class="text" part="text" data-text>${alert.text}</span>`}
    </div>`;
  }
}
