import { html, LitElement, nothing } from 'lit';
import { state } from 'lit/decorators.js';
import { pageConnection } from '../../client/connection.js';
import type { TournamentFeed } from '../../client/collections.js';
import { chooseLanguage, localizer, type Localizer } from '../lib/i18n.js';
import type { SeatingView } from '../../server/protocol/seating.js';
import type { PlayersView } from '../../server/protocol/entries-views.js';
import { tokens } from '../lib/theme.js';
import { errorText } from '../lib/error-text.js';
import styles from './riffle-seat.styles.js';

/** The tournament id of a `/seat/:id` address, or null. */
export function tournamentFromSeatPath(pathname: string): string | null {
  const match = /^\/seat\/([^/]+)\/?$/.exec(pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

export interface SeatMatch {
  name: string;
  table: number | null;
  seat: number | null;
  /** Out of the tournament: the place (and the last of a shared place) it finished in. */
  out?: { place?: number; placeTo?: number };
}

/**
 * Case- and accent-insensitive name search over the seating topic; table and seat only. A
 * player who is out (and has not re-entered) is found too, with his place: "not in play: 14th"
 * tells him more than "no player found".
 */
export function findSeats(seating: SeatingView | undefined, query: string, players?: PlayersView): SeatMatch[] {
  const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
  const q = fold(query);
  if (q.length < 2 || !seating) return [];
  const out: SeatMatch[] = [];
  for (const t of seating.tables) {
    for (const s of t.seats) if (s.name && fold(s.name).includes(q)) out.push({ name: s.name, table: t.number, seat: s.seat });
  }
  for (const w of seating.waiting) if (w.name && fold(w.name).includes(q)) out.push({ name: w.name, table: null, seat: null });
  const inPlay = new Set((players?.entries ?? []).filter((e) => e.status === 'active').map((e) => e.playerId));
  for (const e of players?.entries ?? []) {
    if (e.status !== 'busted' || inPlay.has(e.playerId) || !fold(e.name).includes(q)) continue;
    // The latest entry of a player who re-entered and is out again says where he finished.
    if (out.some((m) => m.out && m.name === e.name)) continue;
    const latest = players!.entries.filter((x) => x.playerId === e.playerId).sort((a, b) => b.n - a.n)[0]!;
    out.push({ name: e.name, table: null, seat: null, out: { ...(latest.place !== undefined ? { place: latest.place } : {}), ...(latest.placeTo !== undefined ? { placeTo: latest.placeTo } : {}) } });
  }
  return out.sort((a, b) => a.name.localeCompare(b.name)).slice(0, 20);
}

/**
 * @summary The public seat lookup: a player types his name and sees his table and seat.
 *
 * Follows the `seating` topic of the tournament named in the address (`/seat/:id`), so a seat
 * changed by a balance move or a table break shows at once. Shows names, tables and seats only (and the place of a player who is out).
 */
export class RiffleSeat extends LitElement {
  static override styles = [tokens, styles];

  @state() private feed: TournamentFeed | null = null;
  @state() private query = '';

  private readonly tournament = tournamentFromSeatPath(location.pathname);
  private cleanups: Array<() => void> = [];

  override connectedCallback(): void {
    super.connectedCallback();
    if (this.tournament) {
      this.cleanups.push(pageConnection().subscribe(this.tournament, ['info', 'seating', 'players'], (feed) => (this.feed = feed)));
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    for (const cleanup of this.cleanups.splice(0)) cleanup();
  }

  private get l10n(): Localizer {
    return localizer(chooseLanguage(location.search, this.feed?.state.info?.locale));
  }

  override render() {
    const l10n = this.l10n;
    const info = this.feed?.state.info;
    return html`<main>
      <h1>${l10n.t('seating.findSeat')}</h1>
      ${info ? html`<p class="name">${info.name}</p>` : nothing}
      <label for="q">${l10n.t('seating.searchLabel')}</label>
      <input
        id="q"
        type="search"
        autocomplete="off"
        .value=${this.query}
        placeholder=${l10n.t('seating.searchPlaceholder')}
        @input=${(e: Event) => (this.query = (e.target as HTMLInputElement).value)}
      />
      ${this.results(l10n)}
    </main>`;
  }

  /** "Not in play: 14th" ("Not in play" alone while the place is not known). */
  private outText(l10n: Localizer, out: NonNullable<SeatMatch['out']>): string {
    return out.place === undefined ? l10n.t('seating.busted') : l10n.t('seating.bustedPlace', { place: l10n.place(out.place, out.placeTo) });
  }

  private results(l10n: Localizer) {
    if (this.feed?.status === 'error') return html`<p class="hint" role="alert">${this.feed.error ? errorText(l10n, this.feed.error) : ''}</p>`;
    if (this.query.trim().length < 2) return html`<p class="hint">${l10n.t('seating.typeMore')}</p>`;
    const found = findSeats(this.feed?.state.seating, this.query, this.feed?.state.players);
    if (found.length === 0) return html`<p class="hint" role="status">${l10n.t('seating.noMatch')}</p>`;
    return html`<ul role="status">
      ${found.map(
        (m) => html`<li>
          <div class="who">${m.name}</div>
          <div class="where ${m.out ? 'out' : ''}">${m.out ? this.outText(l10n, m.out) : m.table === null ? l10n.t('seating.notSeated') : l10n.t('seating.tableSeat', { table: m.table, seat: m.seat })}</div>
        </li>`,
      )}
    </ul>`;
  }
}
