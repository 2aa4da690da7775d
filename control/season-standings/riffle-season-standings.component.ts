import { html, LitElement, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { Localizer } from '../../web/lib/i18n.js';
import { errorText } from '../../web/lib/error-text.js';
import { formatPoints } from '../../web/lib/points.js';
import { fetchStandings, publicPage, standingsCsv, type LeagueView, type SeasonView, type StandingsView } from '../../client/leagues-api.js';
import type { TournamentListItem } from '../../client/setup-api.js';
import { venueStyles } from '../venue-styles.js';
import { fireLeagueNav } from '../leagues/league-nav.js';

/**
 * @summary A season's standings on the TD's phone, worked out by the server from the nights'
 *   results as they stand (provisional while one runs), with the results the formula could not
 *   score; the public page and the CSV a tap away, and the way to change the season.
 * @event riffle-league-nav - back to the leagues, or to the season's editor.
 */
export class RiffleSeasonStandings extends LitElement {
  static override styles = venueStyles;

  @property({ attribute: false }) l10n!: Localizer;
  @property({ attribute: false }) league!: LeagueView;
  @property({ attribute: false }) season!: SeasonView;
  @property({ attribute: false }) tournaments: TournamentListItem[] = [];
  @state() private view: StandingsView | null = null;
  @state() private error: string | null = null;

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('season')) void this.load();
  }

  private async load(): Promise<void> {
    this.view = null;
    const answer = await fetchStandings(this.league.id, this.season.id);
    if (answer.ok) this.view = answer.value;
    else this.error = errorText(this.l10n, answer.error);
  }

  override render() {
    const l10n = this.l10n;
    if (!l10n || !this.season) return nothing;
    const names = new Map(this.tournaments.map((t) => [t.id, t.name]));
    const v = this.view;
    return html`
      <button type="button" data-action="leagues-back" @click=${() => fireLeagueNav(this, { to: 'list' })}>← ${l10n.t('leagueSetup.back')}</button>
      <section class="card" data-role="standings">
        <h2>${this.league.name}</h2>
        <h3 data-role="season-name">${this.season.name}</h3>
        <p class="hint">${this.season.tournaments.map((id) => names.get(id) ?? id).join(' · ') || l10n.t('leagueSetup.noTournaments')}</p>
        ${this.error ? html`<p class="issue" role="alert">${this.error}</p>` : nothing}
        ${v?.provisional ? html`<p class="hint" data-role="provisional">${l10n.t('leagueSetup.provisional')}</p>` : nothing}
        ${v && v.rows.length === 0 ? html`<p class="hint">${l10n.t('leagueSetup.empty')}</p>` : nothing}
        ${v && v.rows.length
          ? html`<table>
              <thead>
                <tr><th class="rank">${l10n.t('leagueSetup.table.rank')}</th><th>${l10n.t('leagueSetup.table.player')}</th><th class="num">${l10n.t('leagueSetup.table.points')}</th><th class="num">${l10n.t('leagueSetup.table.played')}</th></tr>
              </thead>
              <tbody>
                ${v.rows.map(
                  (r) => html`<tr data-row=${r.key}>
                    <td class="rank">${r.rank}</td>
                    <td class="name">${r.name}</td>
                    <td class="num points">${formatPoints(l10n.lang, r.points)}</td>
                    <td class="num">${r.played}</td>
                  </tr>`,
                )}
              </tbody>
            </table>`
          : nothing}
        ${v?.warnings?.length
          ? html`<div data-role="warnings"><p class="issue">${l10n.t('leagueSetup.warnings')}</p><ul class="lines">${v.warnings.map((w) => html`<li>${w}</li>`)}</ul></div>`
          : nothing}
      </section>
      <div class="row">
        <a class="button" data-action="public-page" href=${publicPage(this.league.id, this.season.id)} target="_blank" rel="noopener">${l10n.t('leagueSetup.publicPage')}</a>
        <a class="button" data-action="standings-csv" href=${standingsCsv(this.league.id, this.season.id)} download>${l10n.t('leagueSetup.csv')}</a>
      </div>
      <button type="button" data-action="season-edit" @click=${() => fireLeagueNav(this, { to: 'edit', league: this.league.id, season: this.season.id })}>${l10n.t('leagueSetup.edit')}</button>
    `;
  }
}
