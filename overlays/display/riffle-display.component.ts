import { html, LitElement, nothing } from 'lit';
import { state } from 'lit/decorators.js';
import { liveClock, type LiveClock } from '../../client/clock.js';
import { pageConnection, type Connection, type ConnectionStatus } from '../../client/connection.js';
import { CountdownController } from '../../web/lib/countdown.js';
import type { TournamentFeed } from '../../client/collections.js';
import { chooseLanguage, localizerFor, type Localizer } from '../../web/lib/i18n.js';
import { DISPLAY_TEXTS } from './texts.js';
import { Chime, signalBetween } from '../../web/lib/sound.js';
import { tokens } from '../../web/lib/theme.js';
import { errorText } from '../../web/lib/error-text.js';
import './clock-face/riffle-clock-face.js';
import './halted-notice/riffle-halted-notice.js';
import './player-clocks/riffle-player-clocks.js';
import './dealer-cue/riffle-dealer-cue.js';
import './seat-draw/riffle-seat-draw.js';
import './table-moves/riffle-table-moves.js';
import type { SeatingView } from '../../server/protocol/seating.js';
import './field-banner/riffle-field-banner.js';
import './payout-ladder/riffle-payout-ladder.js';
import './bounty-board/riffle-bounty-board.js';
import './day-notice/riffle-day-notice.js';
import './results/riffle-results.js';
import './league-standings/riffle-league-standings.js';
import { leagueFeed } from './league-standings/league-feed.js';
import type { StandingsView } from '../../server/protocol/leagues.js';
import styles from './riffle-display.styles.js';

/** What a venue screen can show; `?rotate=` cycles through them. */
export const DISPLAY_VIEWS = ['clock', 'payouts', 'seats', 'standings'] as const;
export type DisplayView = (typeof DISPLAY_VIEWS)[number];

/** The tournament id of a `/display/:id` address, or null. */
export function tournamentFromPath(pathname: string): string | null {
  const match = /^\/display\/([^/]+)\/?$/.exec(pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

/**
 * @summary The venue screen: one tournament's clock, full screen, legible from 10 m.
 *
 * The root of the page: it owns the page's connection, follows the tournament named in the
 * address (`/display/:id`, topics info, structure, clock, field and payouts) and passes immutable
 * state down to `<riffle-clock-face>`, `<riffle-field-banner>`, `<riffle-payout-ladder>` and
 * `<riffle-table-moves>` (the last three slotted into the clock face, which lays them out beside
 * and under its stage so they never cover the clock). It re-renders at each whole second of the countdown (see
 * CountdownController), plays the level and one-minute signals, and shows a small badge while
 * offline (it keeps counting meanwhile) and until sound is enabled.
 *
 * Language: `?lang=xx`, else the tournament's locale, else English.
 *
 * Views: `?view=seats` makes the screen the seat-draw list; `?rotate=20` cycles one TV through
 * the clock, the clock with the payouts, the seat draw and the league standings, 20 s each
 * (`&views=clock,seats` to choose; a view with nothing to show yet, no payouts, no seats or no
 * season counting this tournament, is left out). `?view=standings` shows the standings alone.
 *
 * @csspart offline - The offline badge.
 * @csspart sound - The "click to enable sound" badge.
 */
export class RiffleDisplay extends LitElement {
  static override styles = [tokens, styles];

  @state() private feed: TournamentFeed | null = null;
  @state() private connectionStatus: ConnectionStatus = 'connecting';
  @state() private soundLocked = false;
  /** Turns of the `?rotate=` cycle so far. */
  @state() private rotation = 0;
  /** The league standings of the season this tournament counts for (issue 27); null: none. */
  @state() private standings: StandingsView | null = null;
  private readonly params = new URLSearchParams(location.search);

  private readonly tournament = tournamentFromPath(location.pathname);
  private connection: Connection | null = null;
  private chime: Chime | null = null;
  private cleanups: Array<() => void> = [];
  /** What the last render showed: the countdown's deadline and the signals compare against it. */
  private live: LiveClock | null = null;
  private shownLive: LiveClock | null = null;
  private readonly countdown = new CountdownController(
    this,
    () => this.connection?.time ?? null,
    () => this.live?.endsAt ?? null,
  );

  override connectedCallback(): void {
    super.connectedCallback();
    const connection = (this.connection = pageConnection());
    this.connectionStatus = connection.status;
    this.cleanups.push(connection.onStatus((e) => (this.connectionStatus = e.status)));
    if (this.tournament) {
      this.cleanups.push(connection.subscribe(this.tournament, ['info', 'structure', 'clock', 'field', 'payouts', 'seating', 'moves'], (feed) => (this.feed = feed)));
    }
    if (this.tournament && (this.params.has('rotate') || this.params.get('view') === 'standings')) {
      this.cleanups.push(leagueFeed(this.tournament, 10, (s) => (this.standings = s)));
    }
    const seconds = Number(this.params.get('rotate'));
    if (seconds >= 2) {
      const timer = setInterval(() => (this.rotation += 1), seconds * 1000);
      this.cleanups.push(() => clearInterval(timer));
    }
    const chime = (this.chime = new Chime());
    this.soundLocked = chime.available && !chime.unlocked;
    const unlocked = () => (this.soundLocked = false);
    chime.addEventListener('unlocked', unlocked);
    this.cleanups.push(() => chime.removeEventListener('unlocked', unlocked), () => chime.dispose());
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.chime = null;
  }

  private get l10n(): Localizer {
    return localizerFor(chooseLanguage(location.search, this.feed?.state.info?.locale), DISPLAY_TEXTS, () => this.requestUpdate());
  }

  private inPlayOf: { seating: SeatingView; ids: Set<string> } | null = null;
  /** Entry ids seated or waiting (the moves board shows only theirs), made once per seating view. */
  private inPlay(seating: SeatingView | undefined): ReadonlySet<string> | null {
    if (!seating) return null;
    if (this.inPlayOf?.seating !== seating) {
      const ids = new Set<string>(seating.waiting.map((w) => w.entryId));
      for (const t of seating.tables) for (const s of t.seats) if (s.entryId) ids.add(s.entryId);
      this.inPlayOf = { seating, ids };
    }
    return this.inPlayOf.ids;
  }

  override render() {
    const l10n = this.l10n;
    this.live = null;
    return html`${this.body(l10n)}${this.badges(l10n)}`;
  }

  private body(l10n: Localizer) {
    if (!this.tournament) return this.message(l10n.t('display.unknownTitle'), l10n.t('display.noTournament'));
    const feed = this.feed;
    if (feed?.status === 'error') {
      return feed.error?.code === 'unknown-tournament'
        ? this.message(l10n.t('display.unknownTitle'), l10n.t('display.unknownBody', { id: this.tournament }))
        : this.message(l10n.t('display.unknownTitle'), feed.error ? errorText(l10n, feed.error) : '');
    }
    const clock = feed?.state.clock;
    if (!feed || feed.status !== 'ready' || !clock) {
      return html`<div class="message waiting"><div class="brand">RIFFLE</div><p>${l10n.t('common.connection.connecting')}</p></div>`;
    }
    this.live = liveClock(clock, feed.state.structure?.items, this.countdown.frameNow);
    const { field, payouts } = feed.state;
    const view = this.view(feed);
    // The payout ladder during breaks and near the money (or always with ?ladder, or in the payouts view).
    const ladder =
      field && (view === 'payouts' || this.live.current.break || this.params.has('ladder') || (field.paidPlaces > 0 && field.playersLeft <= field.paidPlaces * 1.5));
    if (view === 'standings') {
      return html`<riffle-league-standings .standings=${this.standings} .l10n=${l10n}></riffle-league-standings>`;
    }
    // The tournament is over (server/engine/end.ts): the results, not a clock that stopped; the
    // league's standings still take their turn (`?view=standings`, `?rotate=`).
    if (clock.status === 'finished') {
      return html`<riffle-results .l10n=${l10n} .field=${field ?? null} .clock=${clock} .name=${feed.state.info?.name ?? ''}></riffle-results>`;
    }
    if (view === 'seats') {
      return html`<riffle-seat-draw
        .seating=${feed.state.seating ?? null}
        .l10n=${l10n}
        .name=${feed.state.info?.name ?? ''}
        .live=${this.live}
        .pageSeconds=${Number(this.params.get('pageSeconds')) || 15}
      ></riffle-seat-draw>`;
    }
    return html`<riffle-clock-face .info=${feed.state.info} .live=${this.live} .l10n=${l10n} .field=${field}>
        <riffle-field-banner slot="notices" .field=${field} .l10n=${l10n} .live=${this.live} .items=${feed.state.structure?.items}></riffle-field-banner>
        <riffle-day-notice slot="notices" .field=${field ?? null} .moves=${feed.state.moves ?? null} .l10n=${l10n} .now=${this.countdown.frameNow}></riffle-day-notice>
        ${ladder ? html`<riffle-payout-ladder slot="aside" .payouts=${payouts} .l10n=${l10n} .seatValue=${field?.satellite?.seatValue}></riffle-payout-ladder>` : nothing}
        ${(field?.bounty || field?.satellite) && !this.movesRecent(feed.state.moves)
          ? html`<riffle-bounty-board slot="aside-start" .field=${field} .l10n=${l10n}></riffle-bounty-board>`
          : nothing}
        <riffle-table-moves slot="aside-start" .moves=${feed.state.moves ?? null} .inPlay=${this.inPlay(feed.state.seating)} .l10n=${l10n} .now=${this.countdown.frameNow}></riffle-table-moves>
        <riffle-halted-notice slot="alerts" .moves=${feed.state.moves ?? null} .l10n=${l10n} ?onBreak=${this.live.current.break === true}></riffle-halted-notice>
        <riffle-dealer-cue slot="alerts" .enabled=${feed.state.info?.dealerCues === true} .live=${this.live} .items=${feed.state.structure?.items} .l10n=${l10n}></riffle-dealer-cue>
        <riffle-player-clocks slot="alerts" .seating=${feed.state.seating ?? null} .info=${feed.state.info ?? null} .l10n=${l10n} .source=${this.connection?.time ?? null} .chime=${this.chime}></riffle-player-clocks>
      </riffle-clock-face>`;
  }

  /**
   * Table moves in the last 10 minutes (the moves board's own window): the bounty card gives the
   * left of the clock to them, the moves being what a player must act on.
   */
  private movesRecent(moves: TournamentFeed['state']['moves']): boolean {
    const now = this.countdown.frameNow;
    return moves?.recent.some((m) => m.status === 'done' && now - m.at < 10 * 60_000) ?? false;
  }

  /** The view to show now: `?view=seats`, the turn of a `?rotate=` cycle, or the clock. */
  private view(feed: TournamentFeed): DisplayView {
    if (this.params.get('view') === 'seats') return 'seats';
    if (this.params.get('view') === 'standings' && this.standings?.rows.length) return 'standings';
    if (!this.params.has('rotate')) return 'clock';
    const chosen = (this.params.get('views') ?? 'clock,payouts,seats,standings').split(',').filter((v): v is DisplayView => (DISPLAY_VIEWS as readonly string[]).includes(v));
    const { payouts, seating } = feed.state;
    const available = chosen.filter(
      (v) => v === 'clock' || (v === 'payouts' && payouts?.places.some((p) => p.amount > 0)) || (v === 'seats' && seating?.tables.some((t) => t.seats.some((s) => s.entryId))) ||
        (v === 'standings' && (this.standings?.rows.length ?? 0) > 0),
    );
    return available.length ? available[this.rotation % available.length]! : 'clock';
  }

  private message(title: string, body: string) {
    return html`<div class="message" role="alert"><div class="brand">RIFFLE</div><h1>${title}</h1><p>${body}</p></div>`;
  }

  private badges(l10n: Localizer) {
    const offline =
      this.connectionStatus === 'offline'
        ? html`<div class="badge offline" part="offline" role="status"><span class="dot"></span>${l10n.t('common.connection.offline')}</div>`
        : nothing;
    // The click itself unlocks (Chime listens to any gesture on the page).
    const sound = this.soundLocked
      ? html`<button class="badge sound" part="sound" type="button">
          <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M4 9v6h4l5 4V5L8 9H4z"></path><path d="M17 9l5 6M22 9l-5 6"></path></svg>
          ${l10n.t('display.enableSound')}
        </button>`
      : nothing;
    return html`${offline}${sound}`;
  }

  protected override updated(): void {
    const l10n = this.l10n;
    if (document.documentElement.lang !== l10n.lang) document.documentElement.lang = l10n.lang;
    const name = this.feed?.state.info?.name;
    const title = name ? `${name} · Riffle` : 'Riffle';
    if (document.title !== title) document.title = title;
    // TDA 2024 r23: the clock's sound announces the new level; a shorter signal at one minute.
    if (this.live) {
      const signal = signalBetween(this.shownLive, this.live);
      if (signal) this.chime?.play(signal);
    }
    this.shownLive = this.live;
  }
}
