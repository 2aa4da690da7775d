import { html, LitElement, nothing } from 'lit';
import { state } from 'lit/decorators.js';
import { classMap } from 'lit/directives/class-map.js';
import '../display/league-standings/riffle-league-standings.js';
import { leagueFeed } from '../display/league-standings/league-feed.js';
import type { StandingsView } from '../../server/protocol/leagues.js';
import { fetchTournaments, type TournamentSummary } from '../../client/api.js';
import { liveClock } from '../../client/clock.js';
import { pageConnection, type Connection, type ConnectionStatus } from '../../client/connection.js';
import type { TournamentFeed } from '../../client/collections.js';
import { chooseLanguage, localizerFor, type Localizer } from '../../web/lib/i18n.js';
import { LOBBY_TEXTS } from './texts.js';
import { tokens } from '../../web/lib/theme.js';
import { finalPlaces, playedFor } from '../../web/lib/results.js';
import { pageIndex, paginate, ROWS_PER_PAGE, ROWS_WITH_LEAGUE } from './pages.js';
import styles from './riffle-lobby.styles.js';

/** How often the list of tournaments is asked again (a tournament created meanwhile appears). */
const LIST_MS = 60_000;
/** Countdowns re-render this often: several clocks tick at their own sub-second offsets. */
const TICK_MS = 250;

/**
 * @summary The lobby screen (`/lobby`): every tournament of the server on one venue TV, each
 *   with its level, blinds and ante, countdown and players left, as a card room's lobby board;
 *   a finished one with its winner and the final table's places and prizes (three rows of the board).
 *
 * Follows info, structure, clock and field of each tournament over the page's one connection;
 * the list itself comes from `GET /api/tournaments` and is asked again every minute.
 * Language: `?lang=xx`, else the first tournament's locale, else English.
 *
 * League panel (issue 27): `?standings=<tournament id>` (or `?standings=1`: the first listed)
 * shows the top 5 of the league season that tournament counts for, under the list.
 *
 * More tournaments than the board holds at a readable size go on pages shown in turn (./pages.ts;
 * `?page=N` pins one), with "1 / 3" in the header; no card is ever cut or shrunk to fit.
 */
export class RiffleLobby extends LitElement {
  static override styles = [tokens, styles];

  @state() private list: TournamentSummary[] | null = null;
  @state() private feeds: ReadonlyMap<string, TournamentFeed> = new Map();
  @state() private connectionStatus: ConnectionStatus = 'connecting';
  @state() private standings: StandingsView | null = null;
  private standingsOf: string | null = null;

  private connection: Connection | null = null;
  private subscriptions = new Map<string, () => void>();
  private cleanups: Array<() => void> = [];

  override connectedCallback(): void {
    super.connectedCallback();
    const connection = (this.connection = pageConnection());
    this.connectionStatus = connection.status;
    this.cleanups.push(connection.onStatus((e) => (this.connectionStatus = e.status)));
    const list = setInterval(() => void this.load(), LIST_MS);
    const tick = setInterval(() => this.requestUpdate(), TICK_MS);
    this.cleanups.push(() => clearInterval(list), () => clearInterval(tick));
    void this.load();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    for (const unsubscribe of this.subscriptions.values()) unsubscribe();
    this.subscriptions.clear();
  }

  private async load(): Promise<void> {
    const answer = await fetchTournaments();
    if (!answer.ok) return;
    const list = answer.value.tournaments;
    this.list = list;
    const ids = new Set(list.map((t) => t.id));
    for (const [id, unsubscribe] of this.subscriptions) {
      if (ids.has(id)) continue;
      unsubscribe();
      this.subscriptions.delete(id);
    }
    this.followStandings(list);
    for (const t of list) {
      if (this.subscriptions.has(t.id) || !this.connection) continue;
      this.subscriptions.set(
        t.id,
        this.connection.subscribe(t.id, ['info', 'structure', 'clock', 'field'], (feed) => (this.feeds = new Map(this.feeds).set(t.id, feed))),
      );
    }
  }

  private stopStandings: (() => void) | null = null;

  /** The league panel's tournament (`?standings=`), followed while it is listed. */
  private followStandings(list: readonly TournamentSummary[]): void {
    const asked = new URLSearchParams(location.search).get('standings');
    const id = asked === null ? null : asked === '1' ? (list[0]?.id ?? null) : list.some((t) => t.id === asked) ? asked : null;
    if (id === this.standingsOf) return;
    this.stopStandings?.();
    this.stopStandings = null;
    this.standingsOf = id;
    this.standings = null;
    if (id) {
      this.stopStandings = leagueFeed(id, 5, (s) => (this.standings = s));
      this.cleanups.push(() => this.stopStandings?.());
    }
  }

  private get l10n(): Localizer {
    const first = this.list?.[0];
    return localizerFor(chooseLanguage(location.search, first ? this.feeds.get(first.id)?.state.info?.locale : undefined), LOBBY_TEXTS, () => this.requestUpdate());
  }

  override render() {
    const l10n = this.l10n;
    const list = this.list;
    const league = (this.standings?.rows.length ?? 0) > 0;
    const pages = paginate(list ?? [], (t) => this.rowsOf(t), league ? ROWS_WITH_LEAGUE : ROWS_PER_PAGE);
    const pinned = Number(new URLSearchParams(location.search).get('page')) || null;
    const index = pageIndex(pages.length, this.connection?.time.now() ?? Date.now(), pinned);
    const shown = pages[index] ?? [];
    return html`<div class=${classMap({ frame: true, league })}>
      <header>
        <span class="brand">RIFFLE</span>
        <h1>${l10n.t('display.lobby.title')}</h1>
        <span class="side">
          ${pages.length > 1 ? html`<span class="page" data-page=${index + 1}>${l10n.number(index + 1)} / ${l10n.number(pages.length)}</span>` : nothing}
          <span class="conn ${this.connectionStatus}">${this.connectionStatus === 'online' ? '' : l10n.t(`common.connection.${this.connectionStatus}`)}</span>
        </span>
      </header>
      ${list === null
        ? html`<p class="empty">${l10n.t('common.connection.connecting')}</p>`
        : list.length === 0
          ? html`<p class="empty">${l10n.t('display.lobby.empty')}</p>`
          : html`<ol class="board" style="--rows:${Math.max(
              shown.reduce((n, t) => n + this.rowsOf(t), 0),
              3,
            )}">
              ${shown.map((t) => this.row(l10n, t))}
            </ol>`}
      ${league ? html`<riffle-league-standings compact class="league-panel" .rows=${5} .standings=${this.standings} .l10n=${l10n}></riffle-league-standings>` : nothing}
    </div>`;
  }

  /** Rows of the board a tournament takes: three for a finished one with its final table, else one. */
  private rowsOf(t: TournamentSummary): number {
    const feed = this.feeds.get(t.id);
    return feed?.state.clock?.status === 'finished' && finalPlaces(feed.state.field).rest.length > 0 ? 3 : 1;
  }

  private row(l10n: Localizer, t: TournamentSummary) {
    const feed = this.feeds.get(t.id);
    const clock = feed?.state.clock;
    const now = this.connection?.time.now() ?? Date.now();
    const live = clock ? liveClock(clock, feed?.state.structure?.items, now) : null;
    const current = live?.current ?? t.current;
    const field = feed?.state.field;
    const status = live?.status ?? t.status;
    // Over (server/engine/end.ts): the winner and how long it was played, not a clock.
    if (status === 'finished') return this.result(l10n, t, feed);
    return html`<li class=${classMap({ [status]: true, break: current.break === true })} data-tournament=${t.id}>
      <div class="name">${feed?.state.info?.name ?? t.name}</div>
      <div class="level">
        <span class="item">${l10n.itemName(current)}</span>
        <span class="blinds">${current.break ? '' : [l10n.blinds(current.sb, current.bb), l10n.ante(current)].filter(Boolean).map((part) => html`<span>${part}</span>`)}</span>
      </div>
      <div class="time">
        ${status === 'running' && live ? html`<span class="countdown" role="timer">${l10n.countdown(live.remainingMs)}</span>` : html`<span class="pill">${l10n.t(`common.status.${status}`)}</span>`}
      </div>
      <div class="field">
        ${field
          ? html`<span class="left">${l10n.t('display.lobby.left', { left: l10n.number(field.playersLeft), entries: l10n.number(field.entries) })}</span>
              ${field.prizePool ? html`<span class="pool">${l10n.money(field.prizePool, field.currency)}</span>` : nothing}`
          : nothing}
      </div>
    </li>`;
  }

  /** Over: the winner with his prize where the blinds were, the final table's other places below. */
  private result(l10n: Localizer, t: TournamentSummary, feed: TournamentFeed | undefined) {
    const field = feed?.state.field;
    const { first, seats, rest: others } = finalPlaces(field);
    const money = (cents: number) => l10n.money(cents, field?.currency ?? 'EUR');
    const deal = (d: boolean | undefined) => (d ? html` <span class="deal">${l10n.t('entries.display.dealShare')}</span>` : nothing);
    // A satellite stopped at its seats: no winner; every seat winner is a row of the places, first.
    const winners = field?.satellite?.winners ?? [];
    const seatOf = new Map(seats.map((p) => [p.entryId, p]));
    const seatRows = winners.map((w) => ({ place: 1, placeTo: winners.length, entryId: w.entryId, name: w.name, prize: seatOf.get(w.entryId)?.prize ?? field!.satellite!.seatValue, deal: seatOf.get(w.entryId)?.deal, seat: true as const }));
    const rest = [...seatRows, ...others].slice(0, Math.max(seatRows.length, 9));
    const label = (p: { place: number; placeTo?: number; seat?: true }) => (p.seat ? l10n.t('display.results.seat') : l10n.place(p.place, p.placeTo));
    return html`<li class=${classMap({ finished: true, table: rest.length > 0 })} data-tournament=${t.id}>
      <div class="name">${feed?.state.info?.name ?? t.name}</div>
      ${winners.length
        ? html`<div class="level winner" data-seat-winners>
            <span class="line"><span class="item">${l10n.t('display.results.seatWinners')}</span></span>
            <span class="who">${l10n.t('display.results.seats', { count: l10n.number(winners.length) })}</span>
          </div>`
        : html`<div class="level winner">
            <span class="line"
              ><span class="item">${l10n.t('display.results.winner')}</span>${first ? html`<span class="prize">${money(first.prize)}${deal(first.deal)}</span>` : nothing}</span
            >
            <span class="who">${first?.name ?? field?.winner?.name ?? ''}</span>
          </div>`}
      <div class="time">
        <span class="pill">${l10n.t('common.status.finished')}</span>
        <span class="played">${playedFor(l10n, feed?.state.clock)}</span>
      </div>
      <div class="field">
        ${field
          ? html`<span class="left">${l10n.t('display.results.entries', { entries: l10n.number(field.entries) })}</span>
              ${field.prizePool ? html`<span class="pool">${money(field.prizePool)}</span>` : nothing}`
          : nothing}
      </div>
      ${rest.length
        ? html`<ol class="places" style="--places:${Math.ceil(rest.length / 2)}">
            ${rest.map(
              (p) => html`<li data-place=${p.place} data-entry=${p.entryId} class=${'seat' in p && p.seat ? 'seat' : ''}>
                <span class="place">${label(p)}</span>
                <span class="who">${p.name}</span>
                <span class="prize">${money(p.prize)}${deal(p.deal)}</span>
              </li>`,
            )}
          </ol>`
        : nothing}
    </li>`;
  }

  protected override updated(): void {
    const lang = this.l10n.lang;
    if (document.documentElement.lang !== lang) document.documentElement.lang = lang;
  }
}
