import { html, LitElement, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { InfoView } from '../../../server/protocol/views.js';
import type { SeatingView, TableView } from '../../../server/protocol/seating.js';
import { CountdownController, type CountdownSource } from '../../../web/lib/countdown.js';
import type { Localizer } from '../../../web/lib/i18n.js';
import type { Chime } from '../../../web/lib/sound.js';
import styles from './riffle-player-clocks.styles.js';

type Clock = NonNullable<TableView['playerClock']>;

/** What a banner shows at `now`: the time left, whether it is in the counted-down part, and whether it ran out. */
export function playerClockPhase(clock: Pick<Clock, 'endsAt' | 'countdownMs'>, now: number): { leftMs: number; seconds: number; counting: boolean; up: boolean } {
  const leftMs = Math.max(0, clock.endsAt - now);
  const seconds = Math.ceil(leftMs / 1000);
  return { leftMs, seconds, counting: leftMs > 0 && leftMs <= clock.countdownMs, up: leftMs === 0 };
}

/**
 * @summary Players on the clock ("calling the clock", RULES.md "Player clock"): one banner per
 *   table, with the player, the table and seat, and the time left. The last part (the preset's
 *   `countdownMs`; PPN r29: the last five seconds) is counted down second by second, large and
 *   with a tick, as the books have it counted aloud; at zero the house's outcome shows (TDA 2024:
 *   facing a bet the hand is dead, otherwise checked; IP, TDA 2015, HR: the hand is dead) until
 *   the floor stops the clock. Counts to the server's `endsAt`; the server never ticks.
 *
 * Used on the venue display (over the clock face) and on the phone (`compact`, with a stop
 * button for the floor: it fires `riffle-command`, the phone's one way to send (control/command-event.ts), with `playerClock.stop`).
 *
 * @csspart banner - One table's banner.
 * @csspart time - The time left.
 */
export class RifflePlayerClocks extends LitElement {
  static override styles = styles;

  @property({ attribute: false }) seating: SeatingView | null = null;
  @property({ attribute: false }) info: InfoView | null = null;
  @property({ attribute: false }) l10n!: Localizer;
  /** Server time (the page's connection). */
  @property({ attribute: false }) source: CountdownSource | null = null;
  /** Plays the tick and the time-up signal; none: silent. */
  @property({ attribute: false }) chime: Chime | null = null;
  /** Phone layout, with a stop button. */
  @property({ type: Boolean, reflect: true }) compact = false;
  @property({ type: Boolean }) canStop = false;

  /** Expired banners dismissed on this phone (`tableId:startedAt`). */
  @state() private dismissed: ReadonlySet<string> = new Set();

  /** Seconds shown per table at the last render, for the tick. */
  private shown = new Map<string, number>();
  private frameClocks: { table: TableView; clock: Clock }[] = [];
  private readonly countdown = new CountdownController(
    this,
    () => this.source,
    () => this.nextDeadline(),
  );

  /**
   * The clocks to show. On a phone that cannot stop them (the producer), an expired clock leaves
   * by itself at `leavesAt`, as it leaves the stream, or when dismissed; whoever can stop it
   * keeps it until stopped (the floor's ruling), as the venue display does.
   */
  private clocks(): { table: TableView; clock: Clock }[] {
    const now = this.countdown.frameNow;
    const leaves = this.compact && !this.canStop;
    return (this.seating?.tables ?? [])
      .filter((t) => t.playerClock && !(leaves && (now >= t.playerClock.leavesAt || this.dismissed.has(`${t.id}:${t.playerClock.startedAt}`))))
      .map((table) => ({ table, clock: table.playerClock! }));
  }

  /** The earliest clock still running (the countdown re-renders at each of its seconds), else the earliest to leave. */
  private nextDeadline(): number | null {
    const now = this.countdown.frameNow;
    let next: number | null = null;
    for (const { clock } of this.frameClocks) if (clock.endsAt > now && (next === null || clock.endsAt < next)) next = clock.endsAt;
    if (next !== null || !this.compact || this.canStop) return next;
    for (const { clock } of this.frameClocks) if (clock.leavesAt > now && (next === null || clock.leavesAt < next)) next = clock.leavesAt;
    return next;
  }

  private dismiss(key: string): void {
    this.dismissed = new Set([...this.dismissed, key]);
  }

  override render() {
    this.frameClocks = this.clocks();
    if (this.frameClocks.length === 0 || !this.l10n) return nothing;
    const l10n = this.l10n;
    const atZero = this.info?.playerClockAtZero ?? 'dead-facing-bet';
    return html`${this.frameClocks.map(({ table, clock }) => {
      const p = playerClockPhase(clock, this.countdown.frameNow);
      const state = p.up ? 'up' : p.counting ? 'counting' : 'running';
      return html`<div class="banner ${state}" part="banner" role=${p.up || p.counting ? 'alert' : 'status'} data-table=${table.number} data-seat=${clock.seat}>
        <div class="who">
          <span class="label">${l10n.t('cues.onTheClock')}</span>
          <span class="name">${clock.name ?? ''}</span>
          <span class="where">${l10n.t('cues.where', { table: table.number, seat: clock.seat })}</span>
        </div>
        <div class="time" part="time">${p.up ? l10n.t(`cues.timeUp.${atZero}`) : p.counting ? String(p.seconds) : l10n.countdown(p.leftMs)}</div>
        ${p.up ? nothing : html`<div class="rule">${l10n.t(`cues.atZero.${atZero}`)}</div>`}
        ${this.canStop
          ? html`<button type="button" class="stop" @click=${() => this.stop(table.id)}>${l10n.t('cues.stopClock')}</button>`
          : this.compact && p.up
            ? html`<button type="button" class="stop" data-action="dismiss-clock" @click=${() => this.dismiss(`${table.id}:${clock.startedAt}`)}>${l10n.t('cues.dismiss')}</button>`
            : nothing}
      </div>`;
    })}`;
  }

  private stop(tableId: string): void {
    this.dispatchEvent(new CustomEvent('riffle-command', { detail: { command: { type: 'playerClock.stop', tableId } }, bubbles: true, composed: true }));
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    // A tick for each second of the counted-down part, a signal at zero: driven by what is
    // shown, so each sounds once however often the page renders.
    const seen = new Map<string, number>();
    for (const { table, clock } of this.frameClocks) {
      const p = playerClockPhase(clock, this.countdown.frameNow);
      const key = `${table.id}:${clock.startedAt}`;
      const before = this.shown.get(key);
      seen.set(key, p.seconds);
      if (before === undefined || before === p.seconds) continue;
      if (p.up) this.chime?.play('time');
      else if (p.counting) this.chime?.play('tick');
    }
    this.shown = seen;
  }
}
