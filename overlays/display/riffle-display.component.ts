import { html, LitElement, nothing } from 'lit';
import { state } from 'lit/decorators.js';
import { liveClock, type LiveClock } from '../../client/clock.js';
import { pageConnection, type Connection, type ConnectionStatus } from '../../client/connection.js';
import { CountdownController } from '../lib/countdown.js';
import type { TournamentFeed } from '../../client/collections.js';
import { chooseLanguage, localizer, type Localizer } from '../lib/i18n.js';
import { Chime, signalBetween } from '../lib/sound.js';
import { tokens } from '../lib/theme.js';
import { errorText } from '../lib/error-text.js';
import './clock-face/riffle-clock-face.js';
import './halted-notice/riffle-halted-notice.js';
import './seat-draw/riffle-seat-draw.js';
import './table-moves/riffle-table-moves.js';
import './field-banner/riffle-field-banner.js';
import './payout-ladder/riffle-payout-ladder.js';
import styles from './riffle-display.styles.js';

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
 * @csspart offline - The offline badge.
 * @csspart sound - The "click to enable sound" badge.
 */
export class RiffleDisplay extends LitElement {
  static override styles = [tokens, styles];

  @state() private feed: TournamentFeed | null = null;
  @state() private connectionStatus: ConnectionStatus = 'connecting';
  @state() private soundLocked = false;

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
    return localizer(chooseLanguage(location.search, this.feed?.state.info?.locale));
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
    // The payout ladder during breaks and near the money (or always with ?ladder).
    const ladder =
      field && (this.live.current.break || new URLSearchParams(location.search).has('ladder') || (field.paidPlaces > 0 && field.playersLeft <= field.paidPlaces * 1.5));
    // Seating: `?view=seats` makes this screen the seat-draw list.
    if (new URLSearchParams(location.search).get('view') === 'seats') {
      return html`<riffle-seat-draw
        .seating=${feed.state.seating ?? null}
        .l10n=${l10n}
        .name=${feed.state.info?.name ?? ''}
        .live=${this.live}
        .pageSeconds=${Number(new URLSearchParams(location.search).get('pageSeconds')) || 15}
      ></riffle-seat-draw>`;
    }
    return html`<riffle-clock-face .info=${feed.state.info} .live=${this.live} .l10n=${l10n} .field=${field}>
        <riffle-field-banner slot="notices" .field=${field} .l10n=${l10n} .live=${this.live} .items=${feed.state.structure?.items}></riffle-field-banner>
        ${ladder ? html`<riffle-payout-ladder slot="aside" .payouts=${payouts} .l10n=${l10n}></riffle-payout-ladder>` : nothing}
        <riffle-table-moves slot="aside-start" .moves=${feed.state.moves ?? null} .l10n=${l10n} .now=${this.countdown.frameNow}></riffle-table-moves>
        <riffle-halted-notice slot="alerts" .moves=${feed.state.moves ?? null} .l10n=${l10n} ?onBreak=${this.live.current.break === true}></riffle-halted-notice>
      </riffle-clock-face>`;
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
