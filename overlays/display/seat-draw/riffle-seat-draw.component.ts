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

/** Table and seat beside a name: "Table 12 · Seat 3", or "12 · 3" under a heading that says so. */
function whereText(l10n: Localizer, l: SeatLine, short: boolean): string {
  return short ? `${l.table} · ${l.seat}` : l10n.t('seating.tableSeat', { table: l.table, seat: l.seat });
}

/**
 * The frame the list has, in `--u` (1 % of the 16:9 frame's height): the width inside the side
 * padding, the height between the header and the footer, the gap between columns and, so a
 * lone column is not a line from one edge of the TV to the other, the widest a column gets.
 */
const FRAME = { width: 169.78, height: 80, gap: 3, maxColumn: 100 };
/** Type sizes tried (in `--u`), largest first; 2u (22 px on a 1080p TV) is the smallest kept. */
const SIZES = [4, 3.4, 3, 2.6, 2.2, 2];
const MAX_COLUMNS = 5;
/**
 * A character's width in em, on the wide side of the fonts a TV has (DejaVu Sans measured 0.55 for
 * names, bold figures and words 0.62): an estimate a little generous is a line too many, never a
 * name cut.
 */
const NAME_EM = 0.58;
const WHERE_EM = 0.66;
/** A line is 1.3 of the type size; each row adds 0.4u of padding and its 1 px rule. */
const LINE = 1.3;
const ROW_EXTRA = 0.5;

export interface SeatDrawLayout {
  /** Type size in `--u`. */
  size: number;
  columns: number;
  /** A column's width in `--u`. */
  columnWidth: number;
  /** "12 · 3" under a "Table # · Seat #" heading instead of "Table 12 · Seat 3". */
  short: boolean;
  /** Pages, each its columns, each its lines, top to bottom. */
  pages: SeatLine[][][];
}

/**
 * How the list is laid out (issue 23: names cut at 14 characters with half the screen empty): the
 * fewest pages, then the largest type, then the fewest columns. A name gets the width its column
 * leaves beside the table and seat and wraps to a second line where it needs one (a 40-character
 * name does on a full room); a layout that would need a third line for some name is not taken.
 * Columns fill top to bottom by each row's height, so a room of short names keeps one line a row.
 * `where(line, short)` is the text beside the name, in the screen's language.
 */
export function seatDrawLayout(lines: readonly SeatLine[], where: (line: SeatLine, short: boolean) => string): SeatDrawLayout {
  const chars = { long: lines.map((l) => where(l, false).length), short: lines.map((l) => where(l, true).length) };
  let best: SeatDrawLayout | null = null;
  for (const size of SIZES) {
    for (let columns = 1; columns <= MAX_COLUMNS; columns++) {
      const columnWidth = Math.min(FRAME.maxColumn, (FRAME.width - (columns - 1) * FRAME.gap) / columns);
      for (const short of [false, true]) {
        const pages = paginate(lines, { size, columns, columnWidth, whereChars: short ? chars.short : chars.long });
        if (!pages) continue;
        if (!best || pages.length < best.pages.length) best = { size, columns, columnWidth, short, pages };
      }
    }
  }
  if (best) return best.pages.length === 1 ? { ...best, pages: [balanced(lines, best, best.short ? chars.short : chars.long)] } : best;
  // Some name needs a third line even at the smallest type in five columns: that, names clamped.
  const fallback = { size: SIZES[SIZES.length - 1]!, columns: MAX_COLUMNS, columnWidth: (FRAME.width - (MAX_COLUMNS - 1) * FRAME.gap) / MAX_COLUMNS, whereChars: chars.short };
  return { ...fallback, short: true, pages: paginate(lines, fallback, true)! };
}

/**
 * One page's columns of about equal height (40 names in 3 columns: 14, 14, 12, not 18, 18, 4):
 * the lowest column height, a row at a time from the even share, that still takes every name.
 */
function balanced(lines: readonly SeatLine[], layout: Omit<SeatDrawLayout, 'pages'>, whereChars: readonly number[]): SeatLine[][] {
  const options = { ...layout, whereChars };
  const row = LINE * layout.size + ROW_EXTRA;
  let limit = (lines.length * row) / layout.columns;
  for (;;) {
    const pages = paginate(lines, options, false, Math.min(limit, FRAME.height))!;
    if (pages.length === 1 || limit >= FRAME.height) return pages[0]!;
    limit += row / 2;
  }
}

/**
 * Fills columns by the rows' heights, then pages; null when some name would need a third line
 * (or `clamp`: it takes two, cut by the style's clamp).
 */
function paginate(
  lines: readonly SeatLine[],
  { size, columns, columnWidth, whereChars }: { size: number; columns: number; columnWidth: number; whereChars: readonly number[] },
  clamp = false,
  limit = FRAME.height,
): SeatLine[][][] | null {
  const pages: SeatLine[][][] = [[[]]];
  let used = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const room = columnWidth - whereChars[i]! * WHERE_EM * size - 1;
    let wraps = room > 0 ? Math.ceil((line.name.length * NAME_EM * size) / room) : Infinity;
    if (wraps > 2 && !clamp) return null;
    wraps = Math.max(1, Math.min(2, wraps));
    const height = wraps * LINE * size + ROW_EXTRA;
    let page = pages[pages.length - 1]!;
    if (used + height > limit && page[page.length - 1]!.length > 0) {
      if (page.length < columns) page.push([]);
      else pages.push((page = [[]]));
      used = 0;
    }
    page[page.length - 1]!.push(line);
    used += height;
  }
  return pages;
}

/**
 * @summary The seat-draw screen for a venue TV (`/display/:id?view=seats`): every player's table
 * and seat by name, in columns filling the screen, with the tournament name and the clock. A field
 * too big for one screen turns pages by itself every `pageSeconds` (500 players of everyday names
 * read their seat in four pages without anyone touching the screen). Names are not cut where
 * the screen has room: the layout gives each the width its column leaves, on two lines where
 * needed (`seatDrawLayout`).
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
  /** The layout of the last seating and language: a page turn does not lay the room out again. */
  private laidOut: { seating: SeatingView; l10n: Localizer; layout: SeatDrawLayout } | null = null;

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

  private layoutOf(seating: SeatingView, l10n: Localizer): SeatDrawLayout {
    if (this.laidOut?.seating !== seating || this.laidOut.l10n !== l10n) {
      this.laidOut = { seating, l10n, layout: seatDrawLayout(seatLines(seating), (l, short) => whereText(l10n, l, short)) };
    }
    return this.laidOut.layout;
  }

  override render() {
    if (!this.seating || !this.l10n) return nothing;
    const l10n = this.l10n;
    const layout = this.layoutOf(this.seating, l10n);
    const page = this.page % layout.pages.length;
    const columns = layout.pages[page]!;
    let first = 1 + layout.pages.slice(0, page).reduce((n, p) => n + p.reduce((m, c) => m + c.length, 0), 0);
    const waiting = this.seating.waiting;
    const live = this.live;
    return html`<header>
        <span class="name">${this.name}</span>
        <h2>${l10n.t('seating.drawTitle')}${layout.short ? html` <small>(${l10n.t('seating.tableSeat', { table: '#', seat: '#' })})</small>` : nothing}</h2>
        <span class="clock">${live ? html`${l10n.itemName(live.current)} <b role="timer">${l10n.countdown(live.remainingMs)}</b>` : nothing}</span>
      </header>
      ${columns[0]!.length === 0 ? html`<p class="empty">${l10n.t('seating.notSeated')}</p>` : nothing}
      <div class="columns" style="--columns:${layout.columns};--column:${layout.columnWidth};--size:${layout.size}">
        ${columns.map((column) => {
          const start = first;
          first += column.length;
          return html`<ol start=${start}>
            ${column.map((l) => html`<li><span class="who">${l.name}</span><span class="where">${whereText(l10n, l, layout.short)}</span></li>`)}
          </ol>`;
        })}
      </div>
      <footer>
        ${this.seating.drawn && waiting.length ? html`<p class="waiting">${l10n.t('seating.waiting', { names: waiting.map((w) => w.name ?? '—').join(', ') })}</p>` : html`<span></span>`}
        ${layout.pages.length > 1 ? html`<span class="page" part="page">${l10n.t('display.page', { page: l10n.number(page + 1), pages: l10n.number(layout.pages.length) })}</span>` : nothing}
      </footer>`;
  }
}
