import { html, LitElement, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { Localizer } from '../../web/lib/i18n.js';
import { errorText } from '../../web/lib/error-text.js';
import { NAME_DISPLAYS } from '../../server/protocol/leagues.js';
import { createLeague, fetchLeagues, type LeagueView, type NameDisplay } from '../../client/leagues-api.js';
import { fetchAllTournaments, type TournamentListItem } from '../../client/setup-api.js';
import { venueStyles } from '../venue-styles.js';
import type { LeagueNav, LeagueNavEvent } from './league-nav.js';
import '../season-editor/riffle-season-editor.js';
import '../season-standings/riffle-season-standings.js';

const NAME_TEXT = { full: 'leagueSetup.namesFull', initials: 'leagueSetup.namesInitials', nickname: 'leagueSetup.namesNickname' } as const;

/**
 * @summary The leagues on the TD's phone (set-up: Leagues; docs/LEAGUES.md): every league with
 *   its seasons, a new league, a new season; a season opens on its standings
 *   (`<riffle-season-standings>`) and is made or changed in `<riffle-season-editor>` (its
 *   formula, its tournaments, the results that count).
 */
export class RiffleLeagues extends LitElement {
  static override styles = venueStyles;

  @property({ attribute: false }) l10n!: Localizer;
  /** Bumped when the tournaments change (a create, an archive): they are read again. */
  @property({ type: Number }) revision = 0;
  @state() private leagues: LeagueView[] | null = null;
  @state() private tournaments: TournamentListItem[] = [];
  @state() private nav: LeagueNav = { to: 'list' };
  @state() private message: { text: string; error: boolean } | null = null;
  @state() private busy = false;

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('revision')) void this.load();
  }

  private async load(): Promise<void> {
    const [leagues, tournaments] = await Promise.all([fetchLeagues(), fetchAllTournaments()]);
    if (leagues.ok) this.leagues = leagues.value.leagues;
    else this.message = { text: errorText(this.l10n, leagues.error), error: true };
    // Tonight's first, as the tournament list shows them.
    if (tournaments.ok) this.tournaments = tournaments.value.tournaments.slice().sort((a, b) => b.createdAt - a.createdAt);
  }

  private readonly go = (e: LeagueNavEvent): void => this.navigate(e.detail);

  private navigate(nav: LeagueNav): void {
    this.nav = nav;
    this.message = nav.message ? { text: nav.message, error: false } : null;
    if (nav.reload) void this.load();
    void this.updateComplete.then(() => scrollTo({ top: 0, behavior: 'instant' as ScrollBehavior }));
  }

  override render() {
    const l10n = this.l10n;
    if (!l10n) return nothing;
    const message = this.message ? html`<p class=${this.message.error ? 'issue' : 'ok'} role=${this.message.error ? 'alert' : 'status'} data-role="leagues-message">${this.message.text}</p>` : nothing;
    if (!this.leagues) return html`${message}<p class="hint">${l10n.t('control.loading')}</p>`;
    const nav = this.nav;
    const league = nav.to === 'list' ? undefined : this.leagues.find((l) => l.id === nav.league);
    if (league && nav.to !== 'list') {
      const season = nav.to === 'new-season' ? null : (league.seasons.find((s) => s.id === nav.season) ?? null);
      const view =
        nav.to === 'season' && season
          ? html`<riffle-season-standings .l10n=${l10n} .league=${league} .season=${season} .tournaments=${this.tournaments}></riffle-season-standings>`
          : html`<riffle-season-editor .l10n=${l10n} .league=${league} .season=${season} .tournaments=${this.tournaments}></riffle-season-editor>`;
      return html`<div class="stack" @riffle-league-nav=${this.go}>${message}${view}</div>`;
    }
    return html`<div class="stack" @riffle-league-nav=${this.go}>
      ${message}
      ${this.leagues.length === 0 ? html`<p class="hint">${l10n.t('leagueSetup.none')}</p>` : nothing}
      ${this.leagues.map((l) => this.leagueCard(l))}
      <form class="card" data-role="new-league" @submit=${this.create}>
        <h2>${l10n.t('leagueSetup.newLeague')}</h2>
        <label><span>${l10n.t('leagueSetup.leagueName')}</span><input name="name" maxlength="80" autocomplete="off" required /></label>
        <label>
          <span>${l10n.t('leagueSetup.names')}</span>
          <select name="names">${NAME_DISPLAYS.map((n) => html`<option value=${n}>${l10n.t(NAME_TEXT[n])}</option>`)}</select>
        </label>
        <button type="submit" class="primary" ?disabled=${this.busy}>${l10n.t('leagueSetup.create')}</button>
      </form>
    </div>`;
  }

  private leagueCard(l: LeagueView) {
    const l10n = this.l10n;
    return html`<section class="card" data-league=${l.id}>
      <h3>${l.name}</h3>
      <p class="hint">${l10n.t(NAME_TEXT[l.names])} · ${l10n.t('leagueSetup.seasons', { count: l.seasons.length })}</p>
      <ul class="list">
        ${l.seasons.map(
          (s) => html`<li>
            <button type="button" class="item season" data-season=${s.id} @click=${() => this.navigate({ to: 'season', league: l.id, season: s.id })}>
              <span aria-hidden="true">›</span><span class="name">${s.name}</span>
            </button>
          </li>`,
        )}
      </ul>
      <button type="button" data-action="new-season" @click=${() => this.navigate({ to: 'new-season', league: l.id })}>+ ${l10n.t('leagueSetup.newSeason')}</button>
    </section>`;
  }

  private async create(ev: Event): Promise<void> {
    ev.preventDefault();
    const form = ev.target as HTMLFormElement;
    const data = new FormData(form);
    const name = String(data.get('name') ?? '').trim();
    this.busy = true;
    const answer = await createLeague(name, String(data.get('names')) as NameDisplay);
    this.busy = false;
    if (!answer.ok) return void (this.message = { text: errorText(this.l10n, answer.error), error: true });
    form.reset();
    this.message = { text: this.l10n.t('leagueSetup.created', { name: answer.value.league.name }), error: false };
    await this.load();
  }
}
