import { html, LitElement, nothing } from 'lit';
import { state } from 'lit/decorators.js';
import { fetchTournaments, obsConnect, obsCut, obsForget, obsScene, type TournamentSummary } from '../client/api.js';
import { liveClock, type LiveClock } from '../client/clock.js';
import { controlConnection } from '../client/commands.js';
import type { Connection, ConnectionStatus } from '../client/connection.js';
import { CountdownController } from '../web/lib/countdown.js';
import type { TournamentFeed } from '../client/collections.js';
import { chooseLanguage, localizerFor, type Localizer } from '../web/lib/i18n.js';
import { CONTROL_TEXTS } from './texts.js';
import type { Role } from '../client/messages.js';
import { tokens } from '../web/lib/theme.js';
import './clock-panel/riffle-clock-panel.js';
import { mayFor, type ActionEvent } from './actions.js';
import type { CommandEvent } from './command-event.js';
import { CommandReporter } from './command-reporter.js';
import { SessionController } from './session.js';
import { ToastsController } from './toasts.js';
import './level-list/riffle-level-list.js';
import './floor-call/riffle-floor-call.js';
import './room-view/riffle-room-view.js';
import '../overlays/display/player-clocks/riffle-player-clocks.js';
import { Chime } from '../web/lib/sound.js';
import './pin-login/riffle-pin-login.js';
import './players-panel/riffle-players-panel.js';
import './money-panel/riffle-money-panel.js';
import './tab-bar/riffle-tab-bar.js';
import { TABS, type PanelTab, type TabEvent } from './tab-bar/tabs.js';
import './stream-panel/riffle-stream-panel.js';
import type { ObsRequestEvent } from './stream-panel/riffle-stream-panel.component.js';
import type { ObsStatusView } from '../server/protocol/obs.js';
import type { PairEvent } from './pin-login/riffle-pin-login.component.js';
import { StickyEdgesController } from './sticky-edges.js';
import type { SetupEvent } from './setup-actions.js';
import { setupScreen, type SetupView } from './setup-screens.js';
import styles from './riffle-control.styles.js';

/** The last tournament chosen on this phone. */
export const STORAGE_KEY = 'riffle.control.tournament';

/**
 * @summary The TD's phone panel: pair with the PIN, pick a tournament, run the clock.
 *
 * The root of the page keeps the connection and the routing only: the page's socket, the
 * tournament chosen and its feed, the tab shown and the set-up screens. Three controllers do
 * the rest: `SessionController` (control/session.ts: PIN pairing, the cookie's role, sign-out),
 * `CommandReporter` (control/command-reporter.ts: the one way a command is sent and its answer
 * told, the clock's undo, the commands kept across reloads) and `ToastsController`
 * (control/toasts.ts). Children get immutable state as properties and only render; every
 * command comes up as `riffle-command` (control/command-event.ts) and goes to the reporter.
 *
 * Offline, commands wait and are re-sent with the same ids when the connection is back; they
 * are kept in localStorage too, so a reload or a discarded tab restores them (for the same
 * role, at most PENDING_MAX_AGE_MS old; older ones are named in a toast as not sent).
 */
export class RiffleControl extends LitElement {
  static override styles = [tokens, styles];

  @state() private tournaments: TournamentSummary[] | null = null;
  @state() private selected: string | null = null;
  @state() private feed: TournamentFeed | null = null;
  @state() private connectionStatus: ConnectionStatus = 'connecting';
  @state() private pendingCount = 0;
  @state() private levelsOpen = false;
  /** The tab shown: clock (with seating), players, money. */
  @state() private tab: PanelTab = 'clock';
  /** The chosen tournament's OBS status (TD and producer), pushed by the server. */
  @state() private obsStatus: ObsStatusView | null = null;
  /** The TD's set-up screen over the panel: the tournaments, a new one, the structure, players, leagues. */
  @state() private setup: SetupView | null = null;
  /** Bumped after a create or an archive: the list of tournaments loads again. */
  @state() private setupRevision = 0;

  private connection!: Connection;
  private cleanups: Array<() => void> = [];
  private unsubscribeFeed: (() => void) | null = null;
  private unfollowObs: (() => void) | null = null;
  private live: LiveClock | null = null;
  /** The player clock's countdown ticks on the phone too (the first tap on the page unlocks sound). */
  private chime: Chime | null = null;

  private readonly toasts = new ToastsController(this);
  private readonly reporter = new CommandReporter(this, {
    connection: () => this.connection,
    tournament: () => this.selected,
    l10n: () => this.l10n,
    feed: () => this.feed,
    live: () => this.live,
    toast: this.toasts.show,
  });
  private readonly session = new SessionController(this, {
    connection: () => this.connection,
    errorText: (error) => this.reporter.errorText(error),
    signedIn: async (role) => {
      // After the socket reopened with the cookie: a restored command goes out on the TD's socket.
      this.reporter.keepPending(role);
      await this.loadTournaments();
    },
    signedOut: () => (this.levelsOpen = false),
  });
  private readonly countdown = new CountdownController(
    this,
    () => this.connection?.time ?? null,
    () => this.live?.endsAt ?? null,
  );
  /** Controls scrolled into view stop clear of the sticky app bar and tab bar, not under them. */
  private readonly stickyEdges = new StickyEdgesController(this, () => ({
    top: this.renderRoot.querySelector<HTMLElement>('header.bar'),
    bottom: this.renderRoot.querySelector<HTMLElement>('riffle-tab-bar'),
  }));

  override connectedCallback(): void {
    super.connectedCallback();
    const connection = (this.connection = controlConnection());
    this.connectionStatus = connection.status;
    this.cleanups.push(
      connection.onStatus((e) => {
        this.connectionStatus = e.status;
        this.session.statusChanged(e);
      }),
      connection.onPending((e) => (this.pendingCount = e.count)),
      connection.onExpired((e) => this.reporter.reportExpired(e.commands)),
    );
    this.pendingCount = connection.pendingCount;
    const chime = (this.chime = new Chime());
    this.cleanups.push(() => chime.dispose());
    void this.session.start();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.unsubscribeFeed?.();
    this.unsubscribeFeed = null;
    this.unfollowObs?.();
    this.unfollowObs = null;
    this.chime = null;
  }

  private get l10n(): Localizer {
    return localizerFor(chooseLanguage(location.search, this.feed?.state.info?.locale), CONTROL_TEXTS, () => this.requestUpdate());
  }

  // ---- tournaments

  private async loadTournaments(): Promise<void> {
    const answer = await fetchTournaments();
    if (!answer.ok) {
      this.toasts.show('error', this.reporter.errorText(answer.error));
      this.tournaments = [];
      return;
    }
    this.tournaments = answer.value.tournaments;
    this.reporter.reportLost(answer.value.lostCommands ?? []);
    let remembered: string | null = null;
    try {
      remembered = localStorage.getItem(STORAGE_KEY);
    } catch {
      // storage disabled: choose the first
    }
    const choice = this.tournaments.find((t) => t.id === (this.selected ?? remembered)) ?? this.tournaments[0];
    this.select(choice?.id ?? null);
  }

  private select(id: string | null): void {
    if (id === this.selected && this.unsubscribeFeed) return;
    this.unsubscribeFeed?.();
    this.unsubscribeFeed = null;
    this.selected = id;
    this.feed = null;
    this.levelsOpen = false;
    if (!id) return;
    try {
      localStorage.setItem(STORAGE_KEY, id);
    } catch {
      // storage disabled: nothing to remember
    }
    this.unsubscribeFeed = this.connection.subscribe(id, ['info', 'structure', 'clock', 'seating', 'moves', 'field', 'payouts', 'players', 'stream'], (feed) => (this.feed = feed));
    this.unfollowObs?.();
    this.obsStatus = null;
    if (mayFor(this.session.role)('obs.operate')) this.unfollowObs = this.connection.followObs(id, (status) => (this.obsStatus = status));
  }

  // ---- routing

  /** Every panel's command, the one way (control/command-event.ts). */
  private readonly onCommand = (e: CommandEvent): void => {
    const { command, ...options } = e.detail;
    void this.reporter.send(command, options);
  };

  private readonly onAction = (e: ActionEvent): void => {
    const { action } = e.detail;
    if (action.kind === 'levels') this.levelsOpen = true;
    else if (action.kind === 'close-levels') this.levelsOpen = false;
    else if (action.kind === 'undo') void this.reporter.undoClock();
  };

  /** The Stream tab's OBS requests (HTTP, docs/OBS.md: no command). */
  private onObs(e: ObsRequestEvent): void {
    const tournament = this.selected;
    if (!tournament) return;
    const { request, done } = e.detail;
    const call =
      request.op === 'connect'
        ? obsConnect(tournament, request.url, request.password)
        : request.op === 'forget'
          ? obsForget(tournament)
          : request.op === 'scene'
            ? obsScene(tournament, request.scene)
            : obsCut(tournament);
    void this.reporter.request(call, done);
  }

  /** The tabs this session may use, and the one shown. */
  private get tabs(): readonly PanelTab[] {
    const role = this.session.role;
    return role && role !== 'viewer' ? TABS[role] : [];
  }

  private get shownTab(): PanelTab {
    return this.tabs.includes(this.tab) ? this.tab : (this.tabs[0] ?? 'clock');
  }

  /** Each tab keeps its own scroll position (issue 23: scrolling one tab scrolled the next). */
  private readonly tabScroll = new Map<string, number>();
  private switchTab(tab: PanelTab): void {
    if (tab === this.shownTab) return;
    this.tabScroll.set(this.shownTab, scrollY);
    this.tab = tab;
    const y = this.tabScroll.get(tab) ?? 0;
    void this.updateComplete.then(() => scrollTo({ top: y, behavior: 'instant' as ScrollBehavior }));
  }

  /** Where the set-up screens ask to go (control/setup-actions.ts). */
  private async onSetup(e: SetupEvent): Promise<void> {
    const request = e.detail;
    const l10n = this.l10n;
    switch (request.op) {
      case 'list':
        this.setup = { view: 'list' };
        return;
      case 'close':
        this.setup = null;
        return;
      case 'open':
        this.select(request.id);
        this.setup = null;
        return;
      case 'new':
        this.setup = { view: 'new', from: request.from ?? null };
        return;
      case 'structure':
      case 'players':
      case 'leagues':
        this.setup = { view: request.op };
        return;
      case 'archived':
        this.setupRevision++;
        await this.loadTournaments();
        return;
      case 'created': {
        // The server opened the tables in the creation itself (CreateTournament.tables).
        this.setup = null;
        this.setupRevision++;
        await this.loadTournaments();
        this.select(request.id);
        this.toasts.show('ok', request.tables ? l10n.t('setup.form.createdTables', { name: request.name, count: request.tables }) : l10n.t('setup.form.created', { name: request.name }));
        return;
      }
    }
  }

  // ---- render

  override render() {
    const l10n = this.l10n;
    this.live = null;
    const role = this.session.role;
    if (role === null) return html`<div class="splash">${l10n.t('control.loading')}</div>${this.toasts.render()}`;
    if (role === 'viewer') {
      return html`<riffle-pin-login
          .l10n=${l10n}
          .busy=${this.session.pairing}
          .error=${this.session.pairError}
          @riffle-pair=${(e: PairEvent) => void this.session.pair(e.detail.pin)}
        ></riffle-pin-login>
        ${this.toasts.render()}`;
    }
    const clock = this.feed?.state.clock;
    if (clock) this.live = liveClock(clock, this.feed?.state.structure?.items, this.countdown.frameNow);
    return html`
      ${this.appBar(l10n)}
      <main
        @riffle-command=${this.onCommand}
        @riffle-action=${this.onAction}
        @riffle-obs=${(e: ObsRequestEvent) => this.onObs(e)}
      >
        ${this.banner(l10n)}
        <riffle-player-clocks
          compact
          .canStop=${mayFor(role)('playerClock.stop')}
          .seating=${this.feed?.state.seating ?? null}
          .info=${this.feed?.state.info ?? null}
          .l10n=${l10n}
          .source=${this.connection?.time ?? null}
          .chime=${this.chime}
        ></riffle-player-clocks>
        ${this.mainContent(l10n)}
        ${this.levelsOpen && this.live && this.feed?.state.structure
          ? html`<riffle-level-list .l10n=${l10n} .items=${this.feed.state.structure.items} .current=${this.live.current.index}></riffle-level-list>`
          : nothing}
      </main>
      ${this.tournaments?.length && this.tabs.length > 1 && !this.setup
        ? html`<riffle-tab-bar .l10n=${l10n} .tab=${this.shownTab} .tabs=${this.tabs} @riffle-tab=${(e: TabEvent) => this.switchTab(e.detail.tab)}></riffle-tab-bar>`
        : nothing}
    `;
  }

  private appBar(l10n: Localizer) {
    const role = this.session.role as Exclude<Role, 'viewer'>;
    const list = this.tournaments ?? [];
    return html`
      <header class="bar">
        <label class="chooser">
          <span class="visually-hidden">${l10n.t('control.tournament')}</span>
          <select @change=${(e: Event) => this.select((e.target as HTMLSelectElement).value)} ?disabled=${list.length === 0}>
            ${list.map((t) => html`<option value=${t.id} ?selected=${t.id === this.selected}>${t.name}</option>`)}
          </select>
        </label>
        <span class="conn ${this.connectionStatus}" role="status" title=${l10n.t(`common.connection.${this.connectionStatus}`)}>
          <span class="dot"></span><span class="conn-text">${this.connectionStatus === 'online' ? '' : l10n.t(`common.connection.${this.connectionStatus}`)}</span>
        </span>
        ${mayFor(role)('setup')
          ? html`<button class="setup-open" type="button" data-action="setup" @click=${() => (this.setup = this.setup ? null : { view: 'list' })} aria-label=${l10n.t('setup.open')} title=${l10n.t('setup.open')} aria-pressed=${this.setup ? 'true' : 'false'}>
              <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M4 6h16M4 12h16M4 18h10"></path></svg>
            </button>`
          : nothing}
        <span class="role" title=${l10n.t('control.signedInAs', { role: l10n.t(`control.role.${role}`) })}>${l10n.t(`control.role.${role}`)}</span>
        <button class="logout" type="button" @click=${() => void this.session.signOut()} aria-label=${l10n.t('control.logout')} title=${l10n.t('control.logout')}>
          <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 17l5-5-5-5M15 12H3"></path></svg>
        </button>
        ${this.toasts.render(true)}
      </header>
    `;
  }

  private banner(l10n: Localizer) {
    if (this.pendingCount === 0 || this.connectionStatus === 'online') return nothing;
    return html`<div class="banner" role="status">
      <span>${l10n.t('control.pending', { count: this.pendingCount })}</span>
      <button type="button" @click=${() => this.reporter.discard()}>${l10n.t('control.discard')}</button>
    </div>`;
  }

  private mainContent(l10n: Localizer) {
    const role = this.session.role;
    const may = mayFor(role);
    if (this.tournaments === null) return html`<div class="splash">${l10n.t('control.loading')}</div>`;
    // The TD sets up from here: with no tournament yet, the list (and its "New tournament") shows.
    if (may('setup') && (this.setup || this.tournaments.length === 0)) return this.setupContent(l10n);
    if (this.tournaments.length === 0) return html`<div class="splash">${l10n.t('control.noTournaments')}</div>`;
    if (this.feed?.status === 'error') return html`<div class="splash">${this.feed.error ? this.reporter.errorText(this.feed.error) : ''}</div>`;
    if (!this.live) return html`<div class="splash">${l10n.t('common.connection.connecting')}</div>`;
    const { field, players, payouts, info, stream } = this.feed?.state ?? {};
    const tab = this.shownTab;
    if (tab === 'stream') {
      return html`<riffle-stream-panel
        .l10n=${l10n}
        .tournament=${this.selected ?? ''}
        .stream=${stream ?? null}
        .seating=${this.feed?.state.seating ?? null}
        .players=${players ?? null}
        .obs=${this.obsStatus}
        .source=${this.connection?.time ?? null}
        ?canConfigure=${role === 'td'}
      ></riffle-stream-panel>`;
    }
    if (tab === 'players') {
      return html`<riffle-players-panel
        .l10n=${l10n}
        .players=${players ?? null}
        .field=${field ?? null}
        .payouts=${payouts ?? null}
        .seating=${this.feed?.state.seating ?? null}
        .currency=${info?.currency ?? 'EUR'}
        .userRole=${role} .may=${may}
      ></riffle-players-panel>`;
    }
    if (tab === 'money') {
      return html`<riffle-money-panel .l10n=${l10n} .field=${field ?? null} .payouts=${payouts ?? null} .players=${this.feed?.state.players ?? null} .userRole=${role} .may=${may}></riffle-money-panel>
        <a class="export" data-export="results" href=${`/api/tournaments/${encodeURIComponent(this.selected ?? '')}/results.csv`} download>${l10n.t('control.results')}</a>`;
    }
    // The TD sees that the overlays (and OBS's picture) run behind the room.
    const behind = stream && stream.delaySeconds > 0 ? html`<p class="stream-behind" role="status">${l10n.t('stream.behind', { seconds: stream.delaySeconds })}</p>` : nothing;
    // The floor call (balance, table break) shows on both tabs: it is what the floor must do next.
    const floorCall = html`<riffle-floor-call .l10n=${l10n} .moves=${this.feed?.state.moves ?? null} .seating=${this.feed?.state.seating ?? null} .userRole=${role} .may=${may}></riffle-floor-call>`;
    if (tab === 'clock') {
      return html`${behind}<riffle-clock-panel .l10n=${l10n} .live=${this.live} .userRole=${role} .may=${may} .busy=${this.reporter.busy} .undoLabel=${this.reporter.undoLabel(may)} .field=${this.feed?.state.field ?? null} .clock=${this.feed?.state.clock ?? null}></riffle-clock-panel>${floorCall}`;
    }
    return html`${floorCall}
      <riffle-room-view
        .l10n=${l10n}
        .seating=${this.feed?.state.seating ?? null}
        .players=${players ?? null}
        .field=${field ?? null}
        .payouts=${payouts ?? null}
        .currency=${info?.currency ?? 'EUR'}
        .userRole=${role} .may=${may}
      ></riffle-room-view>`;
  }

  /** The set-up screens in place of the tab's panel (control/setup-screens.ts). */
  private setupContent(l10n: Localizer) {
    return html`<section class="setup" @riffle-setup=${(e: SetupEvent) => void this.onSetup(e)}>
      ${setupScreen(l10n, this.setup ?? { view: 'list' }, { selected: this.selected, revision: this.setupRevision, canClose: !!this.tournaments?.length, close: () => (this.setup = null) })}
    </section>`;
  }

  protected override updated(): void {
    const l10n = this.l10n;
    if (document.documentElement.lang !== l10n.lang) document.documentElement.lang = l10n.lang;
    const name = this.feed?.state.info?.name;
    const title = name ? `${name} · ${l10n.t('control.title')}` : l10n.t('control.title');
    if (document.title !== title) document.title = title;
  }
}
