import { html, LitElement, nothing, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import type { Localizer } from '../../../web/lib/i18n.js';
import { moveKind, moveWhere } from '../../../web/lib/seating-text.js';
import type { MoveView, MovesView } from '../../../server/protocol/seating.js';
import styles from './riffle-table-moves.styles.js';

/**
 * @summary The table-moves board of the venue display: the latest moves (balance, table break,
 * final-table redraw, corrections) of players still in, and the table break or final table the
 * floor calls next.
 *
 * The board never grows past the room its slot gives it (the clock face's middle row, between
 * the header and the tiles): the lines that fit make a page, and the pages turn every
 * `pageSeconds` ("2 / 3" beside the heading). A move of a player who has left (busted, or moved
 * again since: only his latest move counts) is not shown. Renders nothing when there is nothing
 * recent to show (`recentMs` after the last move).
 *
 * @csspart board - The card.
 */
export class RiffleTableMoves extends LitElement {
  static override styles = styles;

  @property({ attribute: false }) moves: MovesView | null = null;
  @property({ attribute: false }) l10n!: Localizer;
  /** Entry ids still in play (seated or waiting); null: not known, every move shows. */
  @property({ attribute: false }) inPlay: ReadonlySet<string> | null = null;
  /** Server time now; moves older than `recentMs` are left off. */
  @property({ type: Number }) now = 0;
  @property({ type: Number }) recentMs = 10 * 60_000;
  @property({ type: Number }) pageSeconds = 8;

  /** The lines of each page (indexes into the rendered list), made by measuring. */
  private pages: number[][] = [];
  private page = 0;
  private timer: ReturnType<typeof setInterval> | undefined;
  private resize: ResizeObserver | undefined;
  /** What the last layout was made for: the pages are made again only when it changes. */
  private laidOut = '';

  /** The moves shown: done, recent, of players still in, each player's latest only, newest first. */
  lines(): MoveView[] {
    const moves = this.moves;
    if (!moves) return [];
    const seen = new Set<string>();
    const out: MoveView[] = [];
    for (let i = moves.recent.length - 1; i >= 0; i--) {
      const m = moves.recent[i]!;
      if (m.status !== 'done' || (this.now && this.now - m.at >= this.recentMs)) continue;
      if (seen.has(m.entryId) || (this.inPlay && !this.inPlay.has(m.entryId))) continue;
      seen.add(m.entryId);
      out.push(m);
    }
    return out;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.resize = new ResizeObserver(() => {
      this.laidOut = '';
      this.layout();
    });
    this.resize.observe(this);
    this.timer = setInterval(() => {
      if (this.pages.length < 2) return;
      this.page = (this.page + 1) % this.pages.length;
      this.show();
    }, this.pageSeconds * 1000);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearInterval(this.timer);
    this.resize?.disconnect();
  }

  override render() {
    const moves = this.moves;
    if (!moves || !this.l10n) return nothing;
    const l10n = this.l10n;
    const recent = this.lines();
    const call = moves.tableBreak
      ? l10n.t('seating.tableBreak', { table: moves.tableBreak.table, players: moves.tableBreak.players })
      : moves.finalTableCall
        ? l10n.t('seating.finalTableCall', { players: moves.finalTableCall.playersLeft })
        : null;
    if (recent.length === 0 && !call) return nothing;
    return html`<section class="board" part="board" aria-live="polite">
      <h2><span class="title">${l10n.t('seating.movesTitle')}</span><span class="page"></span></h2>
      <ol>
        ${recent.map(
          (m) => html`<li>
            <div class="who"><span class="kind">${moveKind(l10n, m)}</span> <span class="name">${m.name ?? ''}</span></div>
            <div class="where">${moveWhere(l10n, m)}</div>
          </li>`,
        )}
      </ol>
      ${call ? html`<div class="call">${call}</div>` : nothing}
    </section>`;
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    this.layout();
  }

  /**
   * Pages by measuring: every line shown, the list's height (what the card leaves it) shared
   * greedily, then only the current page's lines kept. Synchronous before paint: no flicker.
   */
  private layout(): void {
    const list = this.renderRoot.querySelector('ol');
    if (!list) {
      this.pages = [];
      return;
    }
    const items = [...list.querySelectorAll('li')];
    const key = `${items.length}|${items.map((li) => li.textContent).join('\n')}`;
    if (key === this.laidOut) return;
    this.laidOut = key;
    for (const li of items) li.style.display = '';
    const room = list.clientHeight;
    const gap = parseFloat(getComputedStyle(list).rowGap) || 0;
    const pages: number[][] = [];
    let used = 0;
    for (const [i, li] of items.entries()) {
      const h = li.getBoundingClientRect().height;
      const current = pages[pages.length - 1];
      if (current && current.length > 0 && used + gap + h <= room + 0.5) {
        current.push(i);
        used += gap + h;
      } else {
        pages.push([i]);
        used = h;
      }
    }
    this.pages = pages;
    if (this.page >= pages.length) this.page = 0;
    this.show();
  }

  private show(): void {
    const list = this.renderRoot.querySelector('ol');
    if (!list) return;
    const shown = new Set(this.pages[this.page] ?? []);
    for (const [i, li] of [...list.querySelectorAll('li')].entries()) li.style.display = shown.has(i) ? '' : 'none';
    const marker = this.renderRoot.querySelector('.page');
    if (marker) marker.textContent = this.pages.length > 1 ? this.l10n.t('seating.movesPage', { page: this.page + 1, pages: this.pages.length }) : '';
  }
}
