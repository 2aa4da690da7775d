import { html, LitElement, nothing } from 'lit';
import { MAY_NOTHING, type May } from '../actions.js';
import { property } from 'lit/decorators.js';
import { classMap } from 'lit/directives/class-map.js';
import { styleMap } from 'lit/directives/style-map.js';
import { clockClasses, type LiveClock } from '../../client/clock.js';
import type { Localizer } from '../../web/lib/i18n.js';
import type { Command, Role } from '../../client/messages.js';
import { fireAction } from '../actions.js';
import { fireCommand } from '../command-event.js';
import type { ClockView } from '../../server/protocol/views.js';
import type { FieldView } from '../../server/protocol/entries-views.js';
import { playedFor } from '../../web/lib/results.js';
import styles from './riffle-clock-panel.styles.js';

const ICONS = {
  play: html`<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M7 4.5v15l12-7.5z"></path></svg>`,
  pause: html`<svg viewBox="0 0 24 24" aria-hidden="true"><rect x="6" y="4.5" width="4.5" height="15" rx="1"></rect><rect x="13.5" y="4.5" width="4.5" height="15" rx="1"></rect></svg>`,
  previous: html`<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M15 5l-7 7 7 7"></path></svg>`,
  next: html`<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M9 5l7 7-7 7"></path></svg>`,
  list: html`<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M8 6h12M8 12h12M8 18h12M4 6h.01M4 12h.01M4 18h.01"></path></svg>`,
};

/**
 * @summary The live clock and the TD's buttons, sized for one thumb: the most used button
 *   (start / pause / resume) is the biggest and sits lowest on the screen.
 *
 * Renders only; the clock's buttons fire `riffle-command` for the root to send, the levels sheet
 * and the undo fire `riffle-action`.
 *
 * @event riffle-command - A clock command to send (control/command-event.ts); the toggle's is busy
 *   under the key `toggle` until answered.
 * @event riffle-action - `levels` (open the levels sheet) or `undo` (take back this phone's last clock action).
 * @csspart countdown - The countdown.
 */
export class RiffleClockPanel extends LitElement {
  static override styles = styles;

  @property({ attribute: false }) l10n!: Localizer;
  @property({ attribute: false }) live!: LiveClock;
  @property({ attribute: false }) userRole: Role = 'viewer';
  /** What this phone may send (control/actions.ts `May`): buttons ask it, not the role. */
  @property({ attribute: false }) may: May = MAY_NOTHING;
  /** Commands in flight ("toggle" while start / pause / resume is on its way). */
  @property({ attribute: false }) busy: ReadonlySet<string> = new Set();
  /** The name of the last clock action this phone can take back ("Pause clock"); null: none. */
  @property({ attribute: false }) undoLabel: string | null = null;
  /** For the end of the tournament: the winner (field topic) and the times played (clock topic). */
  @property({ attribute: false }) field: FieldView | null = null;
  @property({ attribute: false }) clock: ClockView | null = null;

  override render() {
    const { l10n, live } = this;
    if (!l10n || !live) return nothing;
    if (live.status === 'finished') return this.finished();
    const { current, status, next } = live;
    const canAct = this.may('clock.pause');
    const classes = {
      clock: true,
      ...clockClasses(live),
    };
    return html`
      <section class=${classMap(classes)} aria-label=${l10n.itemName(current)}>
        <div class="top">
          <span class="level">${l10n.itemName(current)}</span>
          <span class="pill ${status}">${l10n.t(`common.status.${status}`)}</span>
        </div>
        <div class="countdown" part="countdown" role="timer">${l10n.countdown(live.remainingMs)}</div>
        <div class="progress" aria-hidden="true"><div class="bar" style=${styleMap({ transform: `scaleX(${live.progress})` })}></div></div>
        <div class="blinds-row">
          ${current.break
            ? html`<span class="blinds">${l10n.t('common.break')}</span>
                <span class="ante">${current.colorUp ? l10n.t('common.colorUpShort', { chip: l10n.number(current.colorUp) }) : ''}</span>`
            : html`<span class="blinds">${l10n.blinds(current.sb, current.bb)}</span><span class="ante">${l10n.ante(current)}</span>`}
        </div>
      </section>
      <section class="upcoming">
        <div class="fact">
          <span class="label">${l10n.t('display.nextLevel')}</span>
          <span class="value">${!next ? l10n.t('display.lastLevel') : next.break ? l10n.itemSummary(next) : l10n.blinds(next.sb, next.bb)}</span>
          <span class="sub">${next && !next.break ? [l10n.itemName(next), l10n.ante(next)].filter(Boolean).join(' · ') : ''}</span>
        </div>
        <div class="fact">
          <span class="label">${l10n.t('display.nextBreak')}</span>
          <span class="value" data-fact="break-in">${live.breakInMs !== null ? l10n.countdown(live.breakInMs) : l10n.t('common.none')}</span>
          <span class="sub">${live.breakInMs === null ? l10n.t('display.noMoreBreaks') : ''}</span>
        </div>
      </section>
      ${!canAct ? html`<p class="hint">${l10n.t('control.floorHint')}</p>` : nothing}
      <section class="controls">
        <button type="button" data-action="remove-minute" ?disabled=${!canAct} aria-label=${l10n.t('control.removeMinuteLabel')} @click=${() => this.send({ type: 'clock.adjust', seconds: -60 })}>
          ${l10n.t('control.removeMinute')}
        </button>
        <button type="button" data-action="add-minute" ?disabled=${!canAct} aria-label=${l10n.t('control.addMinuteLabel')} @click=${() => this.send({ type: 'clock.adjust', seconds: 60 })}>
          ${l10n.t('control.addMinute')}
        </button>
        <button type="button" data-action="previous" ?disabled=${!canAct} @click=${() => this.send({ type: 'level.previous' })}>${ICONS.previous}${l10n.t('control.previous')}</button>
        <button type="button" data-action="next" ?disabled=${!canAct} @click=${() => this.send({ type: 'level.next' })}>${l10n.t('control.next')}${ICONS.next}</button>
        <button type="button" class="wide" data-action="levels" @click=${() => fireAction(this, { kind: 'levels' })}>${ICONS.list}${l10n.t('control.levels')}</button>
        ${this.primary(canAct)}
      </section>
      ${this.undoLabel && canAct
        ? html`<button type="button" class="undo" data-action="undo" @click=${() => fireAction(this, { kind: 'undo' })}>${l10n.t('control.undo', { label: this.undoLabel })}</button>`
        : nothing}
    `;
  }

  /**
   * Over (server/engine/end.ts): who won, how long it was played, and no clock button (the server
   * refuses them with tournament-finished); the undo of the last bust, on the players tab, reopens it.
   */
  private finished() {
    const { l10n, field } = this;
    const winner = field?.finalTable?.find((p) => p.place === 1 && !p.seat);
    const seatWinners = field?.satellite?.winners ?? [];
    const played = playedFor(l10n, this.clock ?? undefined);
    return html`<section class="clock finished" aria-label=${l10n.t('display.results.title')}>
        <div class="top">
          <span class="level">${l10n.itemName(this.live.current)}</span>
          <span class="pill finished">${l10n.t('common.status.finished')}</span>
        </div>
        ${seatWinners.length
          ? html`<div class="result" data-result data-seat-winners>
              <span class="label">${l10n.t('display.results.seatWinners')}</span>
              <ul class="seat-winners">
                ${seatWinners.map((w) => html`<li>${w.name}</li>`)}
              </ul>
            </div>`
          : html`<div class="result" data-result>
              <span class="label">${l10n.t('display.results.winner')}</span>
              <span class="winner">${winner?.name ?? field?.winner?.name ?? ''}</span>
              ${winner ? html`<span class="prize">${l10n.money(winner.prize, field!.currency)}</span>` : nothing}
            </div>`}
      </section>
      <p class="hint">${[played, field ? l10n.t('display.results.entries', { entries: l10n.number(field.entries) }) : ''].filter(Boolean).join(' · ')}</p>
      <p class="hint">${l10n.t('control.reopenHint')}</p>`;
  }

  /** One toggle for the clock: Start when idle, Pause while running, Resume when paused. */
  private primary(canAct: boolean) {
    const { l10n, live } = this;
    const kind = live.status === 'idle' ? 'start' : live.status === 'paused' ? 'resume' : live.status === 'running' ? 'pause' : 'ended';
    const label = kind === 'ended' ? l10n.t('common.status.ended') : l10n.t(`control.${kind}`);
    const disabled = !canAct || kind === 'ended' || this.busy.has('toggle');
    return html`<button type="button" class="primary ${kind}" data-action="toggle" ?disabled=${disabled} @click=${() => this.toggle()}>
      ${kind === 'pause' ? ICONS.pause : ICONS.play}${label}
    </button>`;
  }

  private send(command: Command): void {
    fireCommand(this, command);
  }

  /** Start, pause or resume, as the clock shows now; not sent again while one is in flight. */
  private toggle(): void {
    const status = this.live.status;
    const command: Command | null = status === 'idle' ? { type: 'clock.start' } : status === 'running' ? { type: 'clock.pause' } : status === 'paused' ? { type: 'clock.resume' } : null;
    if (command) fireCommand(this, command, { busy: 'toggle' });
  }
}
