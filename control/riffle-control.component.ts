import { html, LitElement, nothing } from 'lit';
import { state } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import { fetchMe, fetchTournaments, logout, obsConnect, obsCut, obsForget, obsScene, pair, type TournamentSummary } from '../client/api.js';
import { liveClock, type LiveClock } from '../client/clock.js';
import { controlConnection } from '../client/commands.js';
import { type Connection, type ConnectionStatus, type PendingCommand, type RestoredCommand } from '../client/connection.js';
import { CountdownController } from '../web/lib/countdown.js';
import type { TournamentFeed } from '../client/collections.js';
import { chooseLanguage, localizerFor, type Localizer, type TranslationKey } from '../web/lib/i18n.js';
import { CONTROL_TEXTS } from './texts.js';
import { pageStorage, PENDING_MAX_AGE_MS, PendingStore } from '../client/pending-store.js';
import type { Command, CommandAnswer, ErrorBody, LostCommands, Role } from '../client/messages.js';
import { tokens } from '../web/lib/theme.js';
import { errorText } from '../web/lib/error-text.js';
import { readableMessage } from './readable-error.js';
import './clock-panel/riffle-clock-panel.js';
import { mayFor, type ActionEvent } from './actions.js';
import { commandLabel, commandSubject, expiredTexts } from './command-labels.js';
import { clockUndo, undoStillApplies, type ClockUndo } from './clock-undo.js';
import './level-list/riffle-level-list.js';
import './floor-call/riffle-floor-call.js';
import './room-view/riffle-room-view.js';
import '../overlays/display/player-clocks/riffle-player-clocks.js';
import { Chime } from '../web/lib/sound.js';
import type { SeatingCommandEvent } from './seating-actions.js';
import './pin-login/riffle-pin-login.js';
import './players-panel/riffle-players-panel.js';
import './money-panel/riffle-money-panel.js';
import './tab-bar/riffle-tab-bar.js';
import type { EntriesCommandEvent, PanelTab, TabEvent } from './entries-actions.js';
import './stream-panel/riffle-stream-panel.js';
import type { ObsRequestEvent, StreamCommandEvent } from './stream-panel/riffle-stream-panel.component.js';
import type { ObsStatusView } from '../server/protocol/obs.js';
import { finishesOf, resultText } from './bust-hand/bust-hand.js';
import type { PairEvent } from './pin-login/riffle-pin-login.component.js';
import { StickyEdgesController } from './sticky-edges.js';
import './tournament-list/riffle-tournament-list.js';
import './setup-panel/riffle-setup-panel.js';
import './branding-panel/riffle-branding-panel.js';
import type { SetupEvent } from './setup-actions.js';
import styles from './riffle-control.styles.js';

/** The last tournament chosen on this phone. */
export const STORAGE_KEY = 'riffle.control.tournament';

interface Toast {
  id: number;
  kind: 'ok' | 'error' | 'info';
  text: string;
}

/** The success text of each command the panel sends; level moves name the item they landed on. */
const DONE: Partial<Record<Command['type'], TranslationKey>> = {
  'clock.start': 'control.done.start',
  'clock.pause': 'control.done.pause',
  'clock.resume': 'control.done.resume',
  'clock.adjust': 'control.done.addMinute',
  'level.next': 'control.done.next',
  'level.previous': 'control.done.previous',
  'level.set': 'control.done.jump',
};

/**
 * The tabs of each role: the producer runs the stream only (no clock, no busts); floor staff
 * have no stream; the TD has everything.
 */
const TABS: Record<Exclude<Role, 'viewer'>, readonly PanelTab[]> = {
  td: ['clock', 'tables', 'players', 'money', 'stream'],
  floor: ['clock', 'tables', 'players', 'money'],
  stream: ['stream'],
};

/** Failures that need no toast of their own: the TD discarded them, or the `expired` event reports them. */
const QUIET_FAILURES = new Set(['discarded', 'expired']);

/**
 * @summary The TD's phone panel: pair with the PIN, pick a tournament, run the clock.
 *
 * The root of the page: owns the page's connection, the session (PIN pairing, sign-out) and
 * the chosen tournament, and passes immutable state down to `<riffle-clock-panel>` and
 * `<riffle-level-list>`, which only render and fire `riffle-action`. Commands go over the
 * WebSocket; each one ends in a toast with the result or the server's error message. Offline,
 * commands wait and are re-sent with the same ids when the connection is back; they are kept in
 * localStorage too, so a reload or a discarded tab restores them (for the same role, at most
 * PENDING_MAX_AGE_MS old; older ones are named in a toast as not sent).
 *
 * A `#pin=123456` fragment (the QR code the server prints) pairs at once and is then removed
 * from the address.
 */
export class RiffleControl extends LitElement {
  static override styles = [tokens, styles];

  /** null while the session is being checked. */
  @state() private sessionRole: Role | null = null;
  @state() private pairing = false;
  @state() private pairError: string | null = null;
  @state() private tournaments: TournamentSummary[] | null = null;
  @state() private selected: string | null = null;
  @state() private feed: TournamentFeed | null = null;
  @state() private connectionStatus: ConnectionStatus = 'connecting';
  @state() private pendingCount = 0;
  @state() private toasts: Toast[] = [];
  @state() private levelsOpen = false;
  /** The tab shown: clock (with seating), players, money. */
  @state() private tab: PanelTab = 'clock';
  /** The chosen tournament's OBS status (TD and producer), pushed by the server. */
  @state() private obsStatus: ObsStatusView | null = null;
  /** Commands in flight by type: the toggle is not sent twice by a double tap. */
  @state() private busy: ReadonlySet<string> = new Set();
  /** Where the toasts show: away from the control last used, so they never cover it. */
  @state() private toastEdge: 'top' | 'bottom' = 'top';
  /** The last clock action sent from this phone, and how to take it back. */
  @state() private undo: ClockUndo | null = null;
  /** The control the TD last touched or focused (toasts keep clear of it). */
  private lastControl: Element | null = null;
  private readonly noteControl = (e: Event) => {
    const target = e.composedPath()[0];
    if (target instanceof Element) this.lastControl = target;
  };
  /** The TD's set-up screen over the panel (issue 14): the tournaments, a new one, the structure. */
  @state() private setup: { view: 'list' } | { view: 'new'; from: string | null } | { view: 'structure' } | null = null;
  /** Bumped after a create or an archive: the list of tournaments loads again. */
  @state() private setupRevision = 0;

  private connection!: Connection;
  private cleanups: Array<() => void> = [];
  private unsubscribeFeed: (() => void) | null = null;
  private unfollowObs: (() => void) | null = null;
  private live: LiveClock | null = null;
  /** The player clock's countdown ticks on the phone too (the first tap on the page unlocks sound). */
  private chime: Chime | null = null;
  private toastSeq = 0;
  /** Lost commands already shown on this page (reportLost). */
  private readonly lostShown = new Set<string>();
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
        // The server no longer knows this phone (session expired or revoked): back to the PIN.
        if (e.status === 'online' && e.role === 'viewer' && this.sessionRole && this.sessionRole !== 'viewer') void this.checkSession();
      }),
      connection.onPending((e) => (this.pendingCount = e.count)),
      connection.onExpired((e) => this.reportExpired(e.commands)),
    );
    this.pendingCount = connection.pendingCount;
    const chime = (this.chime = new Chime());
    this.cleanups.push(() => chime.dispose());
    this.addEventListener('pointerdown', this.noteControl, true);
    this.addEventListener('focusin', this.noteControl, true);
    this.cleanups.push(() => {
      this.removeEventListener('pointerdown', this.noteControl, true);
      this.removeEventListener('focusin', this.noteControl, true);
    });
    void this.start();
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

  // ---- session

  private async start(): Promise<void> {
    const pin = /(?:^#|&)pin=(\d{6})(?:&|$)/.exec(location.hash)?.[1];
    if (pin) {
      // The PIN must not stay in the address bar, the history or a shared screenshot.
      history.replaceState(history.state, '', location.pathname + location.search);
      await this.pairWith(pin);
      if (this.sessionRole && this.sessionRole !== 'viewer') return;
    }
    await this.checkSession();
  }

  private async checkSession(): Promise<void> {
    const me = await fetchMe();
    this.sessionRole = me.ok ? me.value.role : 'viewer';
    if (this.sessionRole !== 'viewer') {
      // A socket greeted with another role was opened before this cookie existed (or with an old one).
      if (this.connection.status === 'online' && this.connection.role !== this.sessionRole) this.connection.reconnect();
      this.keepPending(this.sessionRole);
      await this.loadTournaments();
    }
  }

  private async pairWith(pin: string): Promise<void> {
    this.pairing = true;
    this.pairError = null;
    const answer = await pair(pin);
    this.pairing = false;
    if (!answer.ok) {
      this.pairError = this.errorText(answer.error);
      this.sessionRole ??= 'viewer';
      return;
    }
    this.sessionRole = answer.value.role;
    // Cookies are read when a socket opens: this one must be reopened to act as the TD.
    this.connection.reconnect();
    // After the reconnect: a restored command must go out on the TD's socket, not the viewer's.
    if (this.sessionRole !== 'viewer') this.keepPending(this.sessionRole);
    await this.loadTournaments();
  }

  private async signOut(): Promise<void> {
    await logout();
    this.sessionRole = 'viewer';
    this.levelsOpen = false;
    this.connection.reconnect();
  }

  // ---- commands kept across reloads

  /**
   * Keeps unanswered commands in localStorage from now on, and sends those an earlier page of
   * this role left unanswered. Only once signed in: an anonymous page restores nothing.
   */
  private keepPending(role: Role): void {
    for (const restored of this.connection.keepPendingIn(new PendingStore(pageStorage()), role)) void this.reportRestored(restored);
  }

  /** The page that sent a restored command is gone: its answer is told here, with its name. */
  private async reportRestored({ command, answer }: RestoredCommand): Promise<void> {
    const result = await answer;
    const label = commandLabel(this.l10n, command);
    if (result.ok) this.toast('ok', this.l10n.t('control.restoredDone', { label }));
    else if (!QUIET_FAILURES.has(result.error.code)) this.toast('error', this.l10n.t('control.restoredFailed', { label, message: this.errorText(result.error) }));
  }

  private reportExpired(commands: readonly PendingCommand[]): void {
    // Until tapped: a bust that was never recorded must not vanish while the TD looks away.
    for (const text of expiredTexts(this.l10n, commands, PENDING_MAX_AGE_MS)) this.toast('error', text, null);
  }

  // ---- tournaments

  private async loadTournaments(): Promise<void> {
    const answer = await fetchTournaments();
    if (!answer.ok) {
      this.toast('error', this.errorText(answer.error));
      this.tournaments = [];
      return;
    }
    this.tournaments = answer.value.tournaments;
    this.reportLost(answer.value.lostCommands ?? []);
    let remembered: string | null = null;
    try {
      remembered = localStorage.getItem(STORAGE_KEY);
    } catch {
      // storage disabled: choose the first
    }
    const choice = this.tournaments.find((t) => t.id === (this.selected ?? remembered)) ?? this.tournaments[0];
    this.select(choice?.id ?? null);
  }

  /**
   * Acknowledged commands the server found missing at its start (a WAL lost after a crash,
   * docs/RELIABILITY.md): shown until tapped, once per page, so the TD checks the floor and
   * enters them again.
   */
  private reportLost(lost: readonly LostCommands[]): void {
    for (const l of lost) {
      const key = `${l.tournament}:${l.markSeq}`;
      if (this.lostShown.has(key)) continue;
      this.lostShown.add(key);
      const text = l.gone ? this.l10n.t('control.lostTournament', { name: l.name }) : this.l10n.t('control.lostCommands', { name: l.name, count: l.missing, seq: l.logSeq });
      this.toast('error', text, null);
    }
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
    if (mayFor(this.sessionRole)('obs.operate')) this.unfollowObs = this.connection.followObs(id, (status) => (this.obsStatus = status));
  }

  // ---- actions

  /**
   * Sends a command of a panel and toasts the outcome: the server's message on a failure, else
   * `done(answer)` (no toast when it gives null). Offline, the command waits (and says so).
   */
  private async sendAndReport(command: Command, done: (answer: CommandAnswer & { ok: true }) => string | null, reply?: (answer: CommandAnswer) => void): Promise<void> {
    const tournament = this.selected;
    if (!tournament) return;
    if (this.connection.status !== 'online') this.toast('info', this.l10n.t('control.queued'));
    const answer = await this.connection.sendCommand(tournament, command, commandSubject(command, this.feed?.state.players ?? null));
    reply?.(answer);
    if (!answer.ok) {
      if (!QUIET_FAILURES.has(answer.error.code)) this.toast('error', this.errorText(answer.error));
      return;
    }
    const text = done(answer);
    if (text) this.toast('ok', text);
  }

  /** Entries panels' commands; the answer goes back to the panel (the deal calculator needs it). */
  private onEntries(e: EntriesCommandEvent): Promise<void> {
    const { command, reply, quiet } = e.detail;
    return this.sendAndReport(
      command,
      (answer) => {
        if (command.type === 'deal.propose' || quiet) return null;
        if (command.type === 'entry.add' || command.type === 'entry.reenter') return this.registeredText(command, answer.result);
        // A bust names the places the server gave (shared or ranked, IP r47-5, MEC r7).
        const finishes = command.type === 'entry.bust' ? finishesOf(answer.result) : [];
        return finishes.length ? resultText(this.l10n, finishes, this.feed?.state.players ?? null) : this.doneText(command);
      },
      reply,
    );
  }

  /**
   * "Anna Jansen registered, table 3 seat 7": the seat the server gave (it publishes the change
   * before it answers, so the feed already has it), or "Anna Jansen registered" without a seat.
   */
  private registeredText(command: Command, result: unknown): string {
    const entryId = (result as { entryId?: string } | undefined)?.entryId;
    const players = this.feed?.state.players;
    const name = players?.entries.find((e) => e.id === entryId)?.name ?? commandSubject(command, players ?? null) ?? '';
    for (const table of this.feed?.state.seating?.tables ?? []) {
      const seat = table.seats.find((s) => s.entryId === entryId);
      if (seat) return this.l10n.t('control.done.registeredSeat', { name, table: table.number, seat: seat.seat });
    }
    return this.l10n.t('control.done.registered', { name });
  }

  /** "Done: Rebuy — Anna Jansen": what was done and to whom, never a bare "Done". */
  private doneText(command: Command): string {
    return this.l10n.t('control.done.command', { label: commandLabel(this.l10n, { type: command.type, subject: commandSubject(command, this.feed?.state.players ?? null) }) });
  }

  /** The Stream tab's commands; the toast says what happened ("Table 3 featured"). */
  private onStream(e: StreamCommandEvent): Promise<void> {
    return this.sendAndReport(e.detail.command, () => e.detail.done);
  }

  /** The Stream tab's OBS requests (HTTP, docs/OBS.md). */
  private async onObs(e: ObsRequestEvent): Promise<void> {
    const tournament = this.selected;
    if (!tournament) return;
    const { request, done } = e.detail;
    const answer =
      request.op === 'connect'
        ? await obsConnect(tournament, request.url, request.password)
        : request.op === 'forget'
          ? await obsForget(tournament)
          : request.op === 'scene'
            ? await obsScene(tournament, request.scene)
            : await obsCut(tournament);
    if (answer.ok) this.toast('ok', done);
    else this.toast('error', this.errorText(answer.error));
  }

  /** The tabs this session may use, and the one shown. */
  private get tabs(): readonly PanelTab[] {
    return this.sessionRole && this.sessionRole !== 'viewer' ? TABS[this.sessionRole] : [];
  }

  private get shownTab(): PanelTab {
    return this.tabs.includes(this.tab) ? this.tab : (this.tabs[0] ?? 'clock');
  }

  private onAction(e: ActionEvent): void {
    const live = this.live;
    if (!live) return;
    const { action } = e.detail;
    switch (action.kind) {
      case 'toggle': {
        if (live.status === 'idle') void this.send({ type: 'clock.start' }, 'toggle');
        else if (live.status === 'running') void this.send({ type: 'clock.pause' }, 'toggle');
        else if (live.status === 'paused') void this.send({ type: 'clock.resume' }, 'toggle');
        return;
      }
      case 'adjust':
        return void this.send({ type: 'clock.adjust', seconds: action.seconds });
      case 'previous':
        return void this.send({ type: 'level.previous' });
      case 'next':
        return void this.send({ type: 'level.next' });
      case 'jump':
        this.levelsOpen = false;
        return void this.send({ type: 'level.set', index: action.index });
      case 'levels':
        this.levelsOpen = true;
        return;
      case 'close-levels':
        this.levelsOpen = false;
        return;
      case 'undo':
        return void this.undoClock();
    }
  }

  /** Takes back the last clock action of this phone (control/clock-undo.ts says how). */
  private async undoClock(): Promise<void> {
    const undo = this.undo;
    const tournament = this.selected;
    if (!undo || !tournament) return;
    this.undo = null;
    const steps = undo.steps(this.connection.time.now());
    for (const command of steps) {
      const answer = await this.connection.sendCommand(tournament, command);
      if (!answer.ok) {
        if (!QUIET_FAILURES.has(answer.error.code)) this.toast('error', this.errorText(answer.error));
        return;
      }
    }
    this.toast('ok', this.l10n.t('control.done.undo', { label: commandLabel(this.l10n, { type: undo.command.type }) }));
  }

  private async send(command: Command, busyKey?: string): Promise<void> {
    const tournament = this.selected;
    if (!tournament) return;
    if (busyKey) this.busy = new Set([...this.busy, busyKey]);
    if (this.connection.status !== 'online') this.toast('info', this.l10n.t('control.queued'));
    const before = this.live;
    const answer = await this.connection.sendCommand(tournament, command, commandSubject(command, this.feed?.state.players ?? null));
    if (busyKey) this.busy = new Set([...this.busy].filter((k) => k !== busyKey));
    if (!answer.ok) {
      if (!QUIET_FAILURES.has(answer.error.code)) this.toast('error', this.errorText(answer.error));
      return;
    }
    const l10n = this.l10n;
    // The server publishes the change before it answers, so the feed already shows it.
    const clock = this.feed?.state.clock;
    const current = clock?.current;
    const undo = before && clock ? clockUndo(command, before, clock) : null;
    if (undo || command.type.startsWith('clock.') || command.type.startsWith('level.')) this.undo = undo;
    const key = command.type === 'clock.adjust' && command.seconds < 0 ? 'control.done.removeMinute' : DONE[command.type];
    this.toast('ok', key ? l10n.t(key, { item: current ? l10n.itemSummary(current) : '' }) : this.doneText(command));
  }

  private discard(): void {
    const count = this.connection.discardPending();
    if (count) this.toast('info', this.l10n.t('control.discarded', { count }));
  }

  /** The error in the panel's language, by its code (web/lib/error-text.ts). */
  private errorText(error: Pick<ErrorBody, 'code' | 'message'>): string {
    // No internal id reaches a person: the server's English names entries and tables by id.
    return errorText(this.l10n, { ...error, message: readableMessage(error.message, this.feed?.state.players, this.feed?.state.seating) });
  }

  /**
   * Shows a toast for `ms` (errors longer; null: until tapped); a tap dismisses it sooner. The
   * toasts show at the top, or at the bottom (above the tab bar) when the control just used is
   * in the upper half of the screen: the answer never covers the button or field it answers.
   */
  private toast(kind: Toast['kind'], text: string, ms: number | null = kind === 'error' ? 6000 : 3500): void {
    const id = ++this.toastSeq;
    const rect = this.lastControl?.isConnected ? this.lastControl.getBoundingClientRect() : null;
    if (this.toasts.length === 0 || rect) this.toastEdge = rect && rect.top + rect.height / 2 < innerHeight / 2 ? 'bottom' : 'top';
    this.toasts = [...this.toasts.slice(-2), { id, kind, text }];
    if (ms !== null) setTimeout(() => this.dismiss(id), ms);
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

  private dismiss(id: number): void {
    this.toasts = this.toasts.filter((t) => t.id !== id);
  }

  // ---- render

  override render() {
    const l10n = this.l10n;
    this.live = null;
    if (this.sessionRole === null) return html`<div class="splash">${l10n.t('control.loading')}</div>${this.toastStack()}`;
    if (this.sessionRole === 'viewer') {
      return html`<riffle-pin-login
          .l10n=${l10n}
          .busy=${this.pairing}
          .error=${this.pairError}
          @riffle-pair=${(e: PairEvent) => void this.pairWith(e.detail.pin)}
        ></riffle-pin-login>
        ${this.toastStack()}`;
    }
    const clock = this.feed?.state.clock;
    if (clock) this.live = liveClock(clock, this.feed?.state.structure?.items, this.countdown.frameNow);
    return html`
      ${this.appBar(l10n)}
      <main
        @riffle-action=${this.onAction}
        @riffle-entries=${(e: EntriesCommandEvent) => void this.onEntries(e)}
        @riffle-seating=${(e: SeatingCommandEvent) => void this.send(e.detail.command)}
        @riffle-stream=${(e: StreamCommandEvent) => void this.onStream(e)}
        @riffle-obs=${(e: ObsRequestEvent) => void this.onObs(e)}
      >
        ${this.banner(l10n)}
        <riffle-player-clocks
          compact
          .canStop=${mayFor(this.sessionRole)('playerClock.stop')}
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
    const role = this.sessionRole as Exclude<Role, 'viewer'>;
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
        <button class="logout" type="button" @click=${() => void this.signOut()} aria-label=${l10n.t('control.logout')} title=${l10n.t('control.logout')}>
          <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 17l5-5-5-5M15 12H3"></path></svg>
        </button>
        ${this.toastStack(true)}
      </header>
    `;
  }

  private banner(l10n: Localizer) {
    if (this.pendingCount === 0 || this.connectionStatus === 'online') return nothing;
    return html`<div class="banner" role="status">
      <span>${l10n.t('control.pending', { count: this.pendingCount })}</span>
      <button type="button" @click=${this.discard}>${l10n.t('control.discard')}</button>
    </div>`;
  }

  private mainContent(l10n: Localizer) {
    if (this.tournaments === null) return html`<div class="splash">${l10n.t('control.loading')}</div>`;
    // The TD sets up from here: with no tournament yet, the list (and its "New tournament") shows.
    if (mayFor(this.sessionRole)('setup') && (this.setup || this.tournaments.length === 0)) return this.setupContent(l10n);
    if (this.tournaments.length === 0) return html`<div class="splash">${l10n.t('control.noTournaments')}</div>`;
    if (this.feed?.status === 'error') return html`<div class="splash">${this.feed.error ? this.errorText(this.feed.error) : ''}</div>`;
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
        ?canConfigure=${this.sessionRole === 'td'}
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
        .userRole=${this.sessionRole} .may=${mayFor(this.sessionRole)}
      ></riffle-players-panel>`;
    }
    if (tab === 'money') {
      return html`<riffle-money-panel .l10n=${l10n} .field=${field ?? null} .payouts=${payouts ?? null} .players=${this.feed?.state.players ?? null} .userRole=${this.sessionRole} .may=${mayFor(this.sessionRole)}></riffle-money-panel>
        <a class="export" data-export="results" href=${`/api/tournaments/${encodeURIComponent(this.selected ?? '')}/results.csv`} download>${l10n.t('control.results')}</a>`;
    }
    // The TD sees that the overlays (and OBS's picture) run behind the room.
    const behind = stream && stream.delaySeconds > 0 ? html`<p class="stream-behind" role="status">${l10n.t('stream.behind', { seconds: stream.delaySeconds })}</p>` : nothing;
    // The floor call (balance, table break) shows on both tabs: it is what the floor must do next.
    const floorCall = html`<riffle-floor-call .l10n=${l10n} .moves=${this.feed?.state.moves ?? null} .seating=${this.feed?.state.seating ?? null} .userRole=${this.sessionRole} .may=${mayFor(this.sessionRole)}></riffle-floor-call>`;
    const undo = this.undo && mayFor(this.sessionRole)(this.undo.command.type) && undoStillApplies(this.undo, this.feed?.state.clock) ? commandLabel(l10n, { type: this.undo.command.type }) : null;
    if (tab === 'clock') {
      return html`${behind}<riffle-clock-panel .l10n=${l10n} .live=${this.live} .userRole=${this.sessionRole} .may=${mayFor(this.sessionRole)} .busy=${this.busy} .undoLabel=${undo} .field=${this.feed?.state.field ?? null} .clock=${this.feed?.state.clock ?? null}></riffle-clock-panel>${floorCall}`;
    }
    return html`${floorCall}
      <riffle-room-view
        .l10n=${l10n}
        .seating=${this.feed?.state.seating ?? null}
        .players=${players ?? null}
        .field=${field ?? null}
        .payouts=${payouts ?? null}
        .currency=${info?.currency ?? 'EUR'}
        .userRole=${this.sessionRole} .may=${mayFor(this.sessionRole)}
      ></riffle-room-view>`;
  }

  /** The set-up screens (issue 14) in place of the tab's panel. */
  private setupContent(l10n: Localizer) {
    const setup = this.setup ?? { view: 'list' as const };
    const title = setup.view === 'list' ? l10n.t('setup.list.title') : setup.view === 'structure' ? l10n.t('setup.editor.title') : l10n.t('setup.form.title');
    return html`<section class="setup" @riffle-setup=${(e: SetupEvent) => void this.onSetup(e)}>
      <div class="setup-head">
        <h2>${title}</h2>
        ${this.tournaments?.length ? html`<button type="button" data-action="setup-close" @click=${() => (this.setup = null)}>${l10n.t('setup.close')}</button>` : nothing}
      </div>
      ${setup.view === 'list'
        ? html`<riffle-tournament-list .l10n=${l10n} .selected=${this.selected} .revision=${this.setupRevision}></riffle-tournament-list>`
        : setup.view === 'new'
          ? html`<riffle-setup-panel .l10n=${l10n} mode="new" .from=${setup.from}></riffle-setup-panel>`
          : html`<riffle-setup-panel .l10n=${l10n} mode="structure" .from=${this.selected}></riffle-setup-panel>
              <riffle-branding-panel .l10n=${l10n} .tournament=${this.selected}></riffle-branding-panel>`}
    </section>`;
  }

  /** What the set-up screens ask for (control/setup-actions.ts). */
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
        this.setup = { view: 'structure' };
        return;
      case 'archive': {
        const answer = await this.connection.sendCommand(request.id, { type: 'tournament.archive', archived: request.archived });
        if (!answer.ok) {
          this.toast('error', answer.error.message);
          return;
        }
        this.toast('ok', l10n.t(request.archived ? 'setup.list.archivedDone' : 'setup.list.restoredDone', { name: request.name }));
        this.setupRevision++;
        await this.loadTournaments();
        return;
      }
      case 'created': {
        // The server opened the tables in the creation itself (CreateTournament.tables).
        this.setup = null;
        this.setupRevision++;
        await this.loadTournaments();
        this.select(request.id);
        this.toast('ok', request.tables ? l10n.t('setup.form.createdTables', { name: request.name, count: request.tables }) : l10n.t('setup.form.created', { name: request.name }));
        return;
      }
      case 'save-structure': {
        const tournament = this.selected;
        if (!tournament) return;
        const answer = await this.connection.sendCommand(tournament, { type: 'structure.set', structure: request.structure });
        request.reply(answer);
        if (answer.ok) {
          this.toast('ok', l10n.t('setup.editor.saved'));
          this.setup = null;
        }
        return;
      }
    }
  }

  /**
   * `inBar`: in the app bar's own strip under its controls (issue 23: toasts covered the Break
   * table button and the levels sheet's header): the bar grows by the toasts and nothing is
   * under them; the last two show. Without the bar (splash, PIN pad) they float as before.
   */
  private toastStack(inBar = false) {
    return html`<div class="toasts ${inBar ? 'strip' : this.toastEdge}" aria-live="polite">
      ${repeat(
        inBar ? this.toasts.slice(-2) : this.toasts,
        (t) => t.id,
        (t) => html`<div class="toast ${t.kind}" role=${t.kind === 'error' ? 'alert' : 'status'} @click=${() => this.dismiss(t.id)}>${t.text}</div>`,
      )}
    </div>`;
  }

  protected override updated(): void {
    const l10n = this.l10n;
    if (document.documentElement.lang !== l10n.lang) document.documentElement.lang = l10n.lang;
    const name = this.feed?.state.info?.name;
    const title = name ? `${name} · ${l10n.t('control.title')}` : l10n.t('control.title');
    if (document.title !== title) document.title = title;
  }
}
