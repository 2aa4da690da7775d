import { html, LitElement, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { Localizer } from '../../web/lib/i18n.js';
import { errorText } from '../../web/lib/error-text.js';
import { LEAGUE_LIMITS } from '../../server/protocol/leagues.js';
import { createSeason, updateSeason, type LeagueView, type PointsFormula, type SeasonView } from '../../client/leagues-api.js';
import type { TournamentListItem } from '../../client/setup-api.js';
import { venueStyles } from '../venue-styles.js';
import { fireLeagueNav } from '../leagues/league-nav.js';
import '../formula-editor/riffle-formula-editor.js';
import type { FormulaChangeEvent } from '../formula-editor/riffle-formula-editor.component.js';

/**
 * @summary A season made or changed from the TD's phone: its name, the points formula
 *   (`<riffle-formula-editor>`, tried as he types), how many results count, and its tournaments
 *   in the order they are played, added from this server's and removed one by one. The server
 *   checks it all again: a refusal shows in his language and nothing is saved.
 * @event riffle-league-nav - saved (to its standings) or cancelled.
 */
export class RiffleSeasonEditor extends LitElement {
  static override styles = venueStyles;

  @property({ attribute: false }) l10n!: Localizer;
  @property({ attribute: false }) league!: LeagueView;
  /** The season changed, or null for a new one. */
  @property({ attribute: false }) season: SeasonView | null = null;
  /** This server's tournaments, newest first. */
  @property({ attribute: false }) tournaments: TournamentListItem[] = [];
  @state() private name = '';
  @state() private chosen: string[] = [];
  @state() private bestOf = '';
  @state() private formula: PointsFormula | null = { kind: 'linear' };
  /** The formula the editor starts from (not changed as the TD types: the editor keeps his draft). */
  @state() private startFormula: PointsFormula = { kind: 'linear' };
  @state() private error: string | null = null;
  @state() private busy = false;

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('season')) {
      const s = this.season;
      this.name = s?.name ?? '';
      this.chosen = s ? [...s.tournaments] : [];
      this.bestOf = s?.bestOf ? String(s.bestOf) : '';
      this.formula = this.startFormula = s?.formula ?? { kind: 'linear' };
    }
  }

  override render() {
    const l10n = this.l10n;
    if (!l10n || !this.league) return nothing;
    const byId = new Map(this.tournaments.map((t) => [t.id, t]));
    const addable = this.tournaments.filter((t) => !this.chosen.includes(t.id) && !t.archived);
    const back = this.season ? { to: 'season' as const, league: this.league.id, season: this.season.id } : { to: 'list' as const };
    return html`<form class="card" data-role="season-editor" @submit=${this.save}>
        <h2>${this.league.name}</h2>
        <h3>${this.season ? l10n.t('leagueSetup.edit') : l10n.t('leagueSetup.newSeason')}</h3>
        <label><span>${l10n.t('leagueSetup.seasonName')}</span><input name="season-name" maxlength="80" autocomplete="off" required .value=${this.name} @input=${(e: Event) => (this.name = (e.target as HTMLInputElement).value)} /></label>
        <label>
          <span>${l10n.t('leagueSetup.bestOf')}</span>
          <input name="best-of" type="number" inputmode="numeric" min="1" max=${LEAGUE_LIMITS.tournamentsMax} .value=${this.bestOf} @input=${(e: Event) => (this.bestOf = (e.target as HTMLInputElement).value)} />
        </label>
      </form>
      <riffle-formula-editor .l10n=${l10n} .formula=${this.startFormula} @riffle-formula=${(e: FormulaChangeEvent) => (this.formula = e.detail.formula)}></riffle-formula-editor>
      <section class="card" data-role="season-tournaments">
        <h2>${l10n.t('leagueSetup.tournaments')}</h2>
        ${this.chosen.length === 0 ? html`<p class="hint">${l10n.t('leagueSetup.noTournaments')}</p>` : nothing}
        <ol class="lines">
          ${this.chosen.map(
            (id, i) => html`<li class="tournament" data-tournament=${id}>
              <span class="name">${i + 1}. ${byId.get(id)?.name ?? id}</span>
              <button type="button" data-action="remove-tournament" @click=${() => (this.chosen = this.chosen.filter((x) => x !== id))}>${l10n.t('leagueSetup.remove')}</button>
            </li>`,
          )}
        </ol>
        ${addable.length
          ? html`<div class="add">
              <label>
                <span>${l10n.t('leagueSetup.addTournament')}</span>
                <select name="add">${addable.map((t) => html`<option value=${t.id}>${t.name}</option>`)}</select>
              </label>
              <button type="button" data-action="add-tournament" @click=${this.add}>${l10n.t('leagueSetup.add')}</button>
            </div>`
          : nothing}
      </section>
      ${this.error ? html`<p class="issue" role="alert" data-role="season-error">${this.error}</p>` : nothing}
      <div class="row">
        <button type="button" data-action="season-cancel" @click=${() => fireLeagueNav(this, back)}>${l10n.t('leagueSetup.cancel')}</button>
        <button type="button" class="primary" data-action="season-save" ?disabled=${this.busy} @click=${this.save}>${this.season ? l10n.t('leagueSetup.save') : l10n.t('leagueSetup.createSeason')}</button>
      </div>`;
  }

  private readonly add = (): void => {
    const select = this.renderRoot.querySelector<HTMLSelectElement>('select[name="add"]');
    if (select?.value) this.chosen = [...this.chosen, select.value];
  };

  private readonly save = async (ev: Event): Promise<void> => {
    ev.preventDefault();
    const l10n = this.l10n;
    if (!this.formula) return void (this.error = l10n.t('leagueSetup.formula.badPoints'));
    const bestOf = this.bestOf.trim() === '' ? null : Number(this.bestOf);
    const input = { name: this.name.trim(), tournaments: this.chosen, formula: this.formula, bestOf };
    this.busy = true;
    const answer = this.season ? await updateSeason(this.league.id, this.season.id, input) : await createSeason(this.league.id, input);
    this.busy = false;
    if (!answer.ok) return void (this.error = errorText(l10n, answer.error));
    const season = answer.value.season;
    fireLeagueNav(this, { to: 'season', league: this.league.id, season: season.id, reload: true, message: l10n.t('leagueSetup.saved', { name: season.name }) });
  };
}
