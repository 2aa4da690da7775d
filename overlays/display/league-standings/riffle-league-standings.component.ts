import { html, LitElement, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import type { StandingsView } from '../../../server/protocol/leagues.js';
import type { Localizer } from '../../../web/lib/i18n.js';
import { tokens } from '../../../web/lib/theme.js';
import styles from './riffle-league-standings.styles.js';

/** Rows the TV shows (the public page has them all). */
export const TV_STANDINGS_ROWS = 10;

/**
 * @summary A league season's standings on a venue screen (issue 27): the display's `standings`
 *   view in its rotation, and the lobby's panel (`compact`). Names as the league shows them.
 *
 * Only renders: the display and the lobby read `GET /api/tournaments/:id/league` (leagueFeed in
 * ./league-feed.ts) and pass the view down. Nothing at all without standings.
 */
export class RiffleLeagueStandings extends LitElement {
  static override styles = [tokens, styles];

  @property({ attribute: false }) standings: StandingsView | null = null;
  @property({ attribute: false }) l10n: Localizer | null = null;
  @property({ type: Number }) rows = TV_STANDINGS_ROWS;
  @property({ type: Boolean, reflect: true }) compact = false;

  override render() {
    const s = this.standings;
    const l10n = this.l10n;
    if (!s || !l10n || s.rows.length === 0) return nothing;
    const points = new Intl.NumberFormat(l10n.lang, { maximumFractionDigits: 2 });
    const rule = s.season.bestOf ? l10n.t('leagues.bestOf', { count: s.season.bestOf, total: s.season.tournaments }) : l10n.t('leagues.allCount');
    return html`<section class="standings" part="standings">
      <header>
        <span class="label">${l10n.t('leagues.standings')} · ${s.season.name}</span>
        <h1 part="title">${s.league.name}</h1>
        <span class="rule">${rule}${s.provisional ? ` · ${l10n.t('leagues.provisional')}` : ''}</span>
      </header>
      <ol>
        ${s.rows.slice(0, this.rows).map(
          (r) => html`<li class=${r.rank <= 3 ? 'top' : ''} part="row" data-rank=${r.rank}>
            <span class="rank">${l10n.number(r.rank)}</span>
            <span class="name">${r.name}</span>
            <span class="points">${points.format(r.points)}<small>${l10n.t('leagues.pointsShort')}</small></span>
          </li>`,
        )}
      </ol>
    </section>`;
  }
}
