import { html, LitElement, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { LiveClock } from '../../../client/clock.js';
import type { Localizer } from '../../../web/lib/i18n.js';
import type { SeatingView } from '../../../server/protocol/seating.js';
import styles from './riffle-seat-draw.styles.js';

export interface SeatLine {
  name: string;
  table: number;
  seat: number;
}

/** Every seated player, alphabetically: what players look for on the seat-draw screen. */
export function seatLines(seating: SeatingView): SeatLine[] {
  const out: SeatLine[] = [];
  for (const t of seating.tables) for (const s of t.seats) if (s.entryId) out.push({ name: s.name ?? '—', table: t.number, seat: s.seat });
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * How the list is laid out for `count` names: columns, rows per column and type size (in `--u`,
 * 1 % of the 16:9 frame's height). Rows are what fits about 80u of height at that size (a line is
 * about 1.3 of the type size plus its padding); the largest size that fits everyone on one page
 * wins, and above 125 names the list turns pages.
 */
export function seatDrawLayout(count: number): { columns: number; rows: number; size: number; short: boolean; pages: number } {
  const tiers = [
    { columns: 2, rows: 18, size: 3, short: false },
    { columns: 4, rows: 22, size: 2.4, short: false },
    { columns: 5, rows: 25, size: 2, short: true },
  ];
  const tier = tiers.find((t) => count <= t.columns * t.rows) ?? tiers[tiers.length - 1]!;
  return { ...tier, pages: Math.max(1, Math.ceil(count / (tier.columns * tier.rows))) };
}

/**
 * @summary The seat-draw screen for a venue TV (`/display/:id?view=seats`): every player's table
 * and seat by name, in columns filling the screen, with the tournament name and the clock. A field
 * too big for one screen (above 125 names) turns pages by itself every `pageSeconds`, so 500
 * players read their seat in four pages without anyone touching the screen.
 *
 * @csspart page - The "2 / 4" page indicator.
 */
export class RiffleSeatDraw extends LitElement {
  static override styles = styles;

  @property({ attribute: false }) seating: SeatingView | null = null;
  @property({ attribute: false }) l10n!: Localizer;
  /** The tournament's name, shown in the header. */
  @property({ attribute: false }) name = '';
  /** The clock of this frame: level and countdown in the header. */
  @property({ attribute: false }) live: LiveClock | null = null;
  @property({ type: Number }) pageSeconds = 15;

  @state() private page = 0;
  private timer: ReturnType<typeof setInterval> | null = null;

  override connectedCallback(): void {
    super.connectedCallback();
    this.restartTimer();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('pageSeconds')) this.restartTimer();
  }

  private restartTimer(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = setInterval(() => (this.page += 1), Math.max(2, this.pageSeconds) * 1000);
  }

  override render() {
    if (!this.seating || !this.l10n) return nothing;
    const l10n = this.l10n;
    const lines = seatLines(this.seating);
    const layout = seatDrawLayout(lines.length);
    const perPage = layout.columns * layout.rows;
    const page = this.page % layout.pages;
    const shown = lines.slice(page * perPage, (page + 1) * perPage);
    // Big fields: "12 · 3" under a "Table · Seat" heading, so a name still fits its column.
    const where = (l: SeatLine) => (layout.short ? `${l.table} · ${l.seat}` : l10n.t('seating.tableSeat', { table: l.table, seat: l.seat }));
    const waiting = this.seating.waiting;
    const live = this.live;
    return html`<header>
        <span class="name">${this.name}</span>
        <h2>${l10n.t('seating.drawTitle')}${layout.short ? html` <small>(${l10n.t('seating.tableSeat', { table: '#', seat: '#' })})</small>` : nothing}</h2>
        <span class="clock">${live ? html`${l10n.itemName(live.current)} <b role="timer">${l10n.countdown(live.remainingMs)}</b>` : nothing}</span>
      </header>
      ${lines.length === 0 ? html`<p class="empty">${l10n.t('seating.notSeated')}</p>` : nothing}
      <ol style="--columns:${layout.columns};--rows:${layout.rows};--size:${layout.size}" start=${page * perPage + 1}>
        ${shown.map((l) => html`<li><span class="who">${l.name}</span><span class="where">${where(l)}</span></li>`)}
      </ol>
      <footer>
        ${this.seating.drawn && waiting.length ? html`<p class="waiting">${l10n.t('seating.waiting', { names: waiting.map((w) => w.name ?? '—').join(', ') })}</p>` : html`<span></span>`}
        ${layout.pages > 1 ? html`<span class="page" part="page">${l10n.t('display.page', { page: l10n.number(page + 1), pages: l10n.number(layout.pages) })}</span>` : nothing}
      </footer>`;
  }
}
