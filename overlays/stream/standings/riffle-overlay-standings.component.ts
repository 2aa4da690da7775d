import { html, nothing } from 'lit';
import { state } from 'lit/decorators.js';
import type { TournamentFeed } from '../../../client/collections.js';
import type { Topic } from '../../../client/messages.js';
import type { StandingsView } from '../../../server/protocol/leagues.js';
import { leaguesText, type LeaguesKey } from '../../lib/locales/leagues/index.js';
import type { StreamLocalizer } from '../lib/l10n.js';
import { intParam } from '../lib/params.js';
import { StreamOverlay } from '../lib/stream-overlay.js';
import styles from './riffle-overlay-standings.styles.js';

/** Rows the panel has room for between the middle band's top and the plates' bottom. */
export const STANDINGS_TOP_MAX = 12;
/** How often the standings are read again (they change when a night ends). */
export const STANDINGS_REFRESH_MS = 60_000;

/**
 * @summary The league standings (issue 27): the season the tournament counts for, top N players
 *   by points, in the leaderboard's slot.
 *
 * Reads `GET /api/tournaments/:id/league?final=1` at load, every minute and when the delayed
 * feed's field changes: the nights already over only, so a bust of tonight never reaches the air
 * before the secure delay. Off air (nothing drawn) while the tournament counts for no season or
 * the season has no results yet; a failed read keeps what was shown. Names as the league shows
 * them (full, initials or nickname). Options: `?top=N` (1-12, default 8).
 *
 * @csspart air - The stage layer that animates in and out.
 * @csspart board - The panel.
 * @csspart title - "Standings".
 * @csspart season - League and season.
 * @csspart row - One player.
 * @csspart points - His points.
 * @csspart footer - Which results count.
 */
export class RiffleOverlayStandings extends StreamOverlay {
  static override styles = [...StreamOverlay.styles, styles];
  protected readonly kind = 'standings' as const;
  protected readonly topics: readonly Topic[] = ['info', 'field'];

  private readonly top = intParam(this.params, 'top', 8, 1, STANDINGS_TOP_MAX);
  @state() private standings: StandingsView | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private lastField: unknown = null;

  override connectedCallback(): void {
    super.connectedCallback();
    void this.read();
    this.timer = setInterval(() => void this.read(), STANDINGS_REFRESH_MS);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  protected override feedChanged(feed: TournamentFeed): void {
    // A night ends on the delayed feed: read the standings again (they count it from then).
    const status = feed.state.clock?.status ?? feed.state.field?.playersLeft;
    if (status !== this.lastField) {
      this.lastField = status;
      void this.read();
    }
  }

  private async read(): Promise<void> {
    if (!this.tournament) return;
    try {
      const res = await fetch(`/api/tournaments/${encodeURIComponent(this.tournament)}/league?final=1&top=${this.top}`);
      if (!res.ok) return;
      const body = (await res.json()) as StandingsView | { season: null };
      const next = body.season === null ? null : (body as StandingsView);
      if (JSON.stringify(next) !== JSON.stringify(this.standings)) this.standings = next;
    } catch (err) {
      // Never an error on air: keep what was shown.
      console.warn('riffle overlay: could not read the standings', err);
    }
  }

  protected override hasContent(): boolean {
    return (this.standings?.rows.length ?? 0) > 0;
  }

  protected renderOverlay(_feed: TournamentFeed, l10n: StreamLocalizer) {
    const s = this.standings;
    if (!s || s.rows.length === 0) return nothing;
    const t = (key: LeaguesKey, values?: Record<string, string | number>) => leaguesText(l10n.lang, key, values);
    const points = (x: number) => new Intl.NumberFormat(l10n.lang, { maximumFractionDigits: 2 }).format(x);
    return html`<section class="box standings" part="board" data-box="board">
      <header>
        <h2 part="title">${t('standings')}</h2>
        <span class="season" part="season">${t('seasonTitle', { league: s.league.name, season: s.season.name })}</span>
      </header>
      <ol>
        ${s.rows.slice(0, this.top).map(
          (r) => html`<li part="row" data-rank=${r.rank}>
            <span class="rank">${l10n.number(r.rank)}</span>
            <span class="name">${r.name}</span>
            <span class="points" part="points">${points(r.points)}<small>${t('pointsShort')}</small></span>
          </li>`,
        )}
      </ol>
      <footer part="footer">${s.season.bestOf ? t('bestOf', { count: s.season.bestOf, total: s.season.tournaments }) : t('allCount')}</footer>
    </section>`;
  }
}
