import { html, LitElement, nothing, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import { classMap } from 'lit/directives/class-map.js';
import { styleMap } from 'lit/directives/style-map.js';
import { clockClasses, type LiveClock } from '../../../client/clock.js';
import type { Localizer } from '../../../web/lib/i18n.js';
import type { InfoView, ItemView } from '../../../client/messages.js';
import { tokens } from '../../../web/lib/theme.js';
import styles from './riffle-clock-face.styles.js';
import { fieldTile } from '../field-banner/field-tiles.js';
import type { FieldView } from '../../../server/protocol/entries-views.js';

/**
 * @summary The venue clock for one moment: level, countdown, blinds, what comes next, and the
 *   tiles later issues fill (players left, entries, average stack, prize pool).
 *
 * Renders only: the root element computes `live` for the instant to show and passes it down.
 *
 * @slot aside - A card right of the stage (the payout ladder). It takes its own width and the
 *   stage centres in what is left, so the countdown, the progress bar and the blinds never run
 *   under it; an empty one takes no room.
 * @slot aside-start - The same, left of the stage (the table-moves board).
 * @slot notices - Notices (the field banner) centred under the stage, just above the tiles.
 * @slot alerts - An alert that must be read first (the halted-table notice), in its own line
 *   between the header and the stage: the stage shrinks to make room, nothing is covered.
 * @csspart countdown - The big countdown.
 * @csspart level - "Level 4" or "Break".
 * @csspart status - The paused / not started / finished notice.
 * @csspart blinds - The current blinds.
 * @csspart ante - The current ante ("BBA 200", "Ante 25").
 */
export class RiffleClockFace extends LitElement {
  static override styles = [tokens, styles];

  @property({ attribute: false }) info: InfoView | undefined;
  @property({ attribute: false }) live!: LiveClock;
  @property({ attribute: false }) l10n!: Localizer;
  /** Players left, entries, average stack and prize pool (the field topic), when subscribed. */
  @property({ attribute: false }) field: FieldView | undefined;

  override render() {
    const { live, l10n, info } = this;
    if (!live || !l10n) return nothing;
    const { current, status } = live;
    const stage = {
      stage: true,
      ...clockClasses(live),
    };
    return html`
      <div class="frame">
        <header><h1 class="name">${info?.name ?? ''}</h1></header>
        <div class="middle">
          <slot name="aside-start"></slot>
          <div class="column">
            <slot name="alerts"></slot>
            <main class=${classMap(stage)}>
              <div class="level" part="level">${l10n.itemName(current)}</div>
              <div class="countdown" part="countdown" role="timer" aria-live="off">${l10n.countdown(live.remainingMs)}</div>
              <div class="status-row">
                ${status === 'running'
                  ? html`<div class="progress" aria-hidden="true"><div class="bar" style=${styleMap({ transform: `scaleX(${live.progress})` })}></div></div>`
                  : this.statusPill()}
              </div>
              ${current.break ? this.breakInfo(current) : this.blindsInfo(current)}
            </main>
            <slot name="notices"></slot>
          </div>
          <slot name="aside"></slot>
        </div>
        <footer>
          ${this.nextTile()} ${this.breakTile()} ${this.placeholder('display.players')} ${this.placeholder('display.entries')}
          ${this.placeholder('display.averageStack')} ${this.placeholder('display.prizePool')}
        </footer>
      </div>
    `;
  }

  /** In place of the progress bar while the clock does not run: the state must be obvious from 10 m. */
  private statusPill(): TemplateResult {
    const { status } = this.live;
    const icon =
      status === 'paused'
        ? html`<svg class="pause-icon" viewBox="0 0 24 24" aria-hidden="true"><rect x="5" y="4" width="5" height="16" rx="1"></rect><rect x="14" y="4" width="5" height="16" rx="1"></rect></svg>`
        : nothing;
    return html`<span class="pill ${status}" part="status">${icon}${this.l10n.t(`common.status.${status}`)}</span>`;
  }

  private blindsInfo(item: Extract<ItemView, { n: number }>) {
    const { l10n } = this;
    return html`
      <div class="blinds" part="blinds">${l10n.blinds(item.sb, item.bb)}</div>
      <div class="ante" part="ante">${l10n.ante(item)}</div>
    `;
  }

  private breakInfo(item: Extract<ItemView, { break: true }>) {
    const { l10n, live } = this;
    const next = live.next;
    return html`
      ${next ? this.breakLine('after-break', l10n.t('display.afterBreak', { level: l10n.itemSummary(next) }), 33) : nothing}
      ${item.colorUp ? this.breakLine('color-up', l10n.t('common.colorUp', { chip: l10n.number(item.colorUp) }), 44) : nothing}
    `;
  }

  /**
   * A line of the break screen, smaller when long: deep in a structure, or in German, "after the
   * break" and the colour-up run past the stage's width beside the payout ladder (shown in every
   * break). `fits` is about how many characters fit at full size there.
   */
  private breakLine(name: 'after-break' | 'color-up', text: string, fits: number) {
    return html`<div class=${classMap({ [name]: true, long: text.length > fits, longer: text.length > fits * 1.25 })}>${text}</div>`;
  }

  private nextTile() {
    const { l10n } = this;
    const next = this.live.next;
    let value: string;
    let sub: string;
    if (!next) {
      value = l10n.t('common.none');
      sub = l10n.t('display.lastLevel');
    } else if (next.break) {
      value = l10n.t('common.break');
      sub = [l10n.t('common.minutes', { minutes: l10n.minutes(next.ms) }), next.colorUp ? l10n.t('common.colorUpShort', { chip: l10n.number(next.colorUp) }) : '']
        .filter(Boolean)
        .join(' · ');
    } else {
      value = l10n.blinds(next.sb, next.bb, true);
      sub = [l10n.itemName(next), l10n.ante(next, true)].filter(Boolean).join(' · ');
    }
    return this.tile('display.nextLevel', value, sub, 'next', !next);
  }

  private breakTile() {
    const { l10n, live } = this;
    if (live.breakInMs === null) return this.tile('display.nextBreak', l10n.t('common.none'), l10n.t('display.noMoreBreaks'), 'break-in', true);
    return this.tile('display.nextBreak', l10n.countdown(live.breakInMs), '', 'break-in', false);
  }

  private placeholder(label: 'display.players' | 'display.entries' | 'display.averageStack' | 'display.prizePool') {
    const filled = this.field ? fieldTile(label, this.field, this.l10n) : null;
    // Money carries its currency sign: fewer characters fit at full size ("13.500 €", "€1,234,567").
    if (filled) return this.tile(label, filled[0], filled[1], label.slice('display.'.length), false, label === 'display.prizePool' ? 7 : 9);
    return this.tile(label, this.l10n.t('common.none'), '', label.slice('display.'.length), true);
  }

  /** A footer tile; `fits`: about how many characters of the value fit at full size. */
  private tile(label: Parameters<Localizer['t']>[0], value: string, sub: string, name: string, empty: boolean, fits = 9) {
    return html`
      <section class="tile ${name}" data-tile=${name}>
        <div class="label" style=${`--chars: ${[...this.l10n.t(label)].length}`}>${this.l10n.t(label)}</div>
        <div class=${classMap({ value: true, empty, long: value.length > fits, longer: value.length > fits * 1.45 })}>${value}</div>
        <div class="sub" style=${`--sub-chars: ${[...sub].length}`}>${sub}</div>
      </section>
    `;
  }
}
