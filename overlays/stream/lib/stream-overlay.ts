/**
 * The root of every overlay page: what the nine overlays share, so each one only says which
 * topics it follows and how it looks.
 *
 * - It owns the page's connection (like <riffle-display>): the delayed feed `/ws/stream` unless
 *   the address has `?live=1` (the producer's undelayed preview), and shows the clock at the
 *   server time the feed is at (`now - delayMs`), so a graphic matches the pictures on air.
 * - Broadcast grade: until there is something to show (server unreachable, unknown tournament,
 *   nothing to say) it draws nothing at all on its transparent page and says why with
 *   console.warn; an unknown tournament is asked for again every RETRY_MS (it may be created
 *   or restored later), and the Connection reconnects by itself.
 * - A 1920×1080 stage scaled to the viewport (`min(vw/1920, vh/1080)`), so one layout serves
 *   720p, 1080p and 4K browser sources.
 * - On air or off: the producer's `stream.hidden` list and OBS's own visibility animate the
 *   overlay out and in (a transition, no reload); each time OBS shows the source again the
 *   entrance plays again.
 * - The stage layer (`part="air"`) says `data-on-air` and `data-feed` (`waiting` until the
 *   first state has come, then `ready`), for tests and for anyone debugging a browser source.
 */
import { html, LitElement, nothing, type PropertyValues } from 'lit';
import { state } from 'lit/decorators.js';
import { classMap } from 'lit/directives/class-map.js';
import { styleMap } from 'lit/directives/style-map.js';
import { liveClock, type LiveClock } from '../../../client/clock.js';
import { Connection } from '../../../client/connection.js';
import { CountdownController, type CountdownSource } from '../../../web/lib/countdown.js';
import type { TournamentFeed } from '../../../client/collections.js';
import type { OverlayKind, PublicEvent, Topic } from '../../../client/messages.js';
import { tokens } from '../../../web/lib/theme.js';
import { isStreamLanguage, overlayLocalizer, type StreamLanguage, type StreamLocalizer } from './l10n.js';
import { onObsVisibility } from './obs.js';
import { flagParam, tournamentFromOverlayPath } from './params.js';
import { fittedNames, layoutStyles } from './layout.styles.js';
import { stageStyles } from './stage.styles.js';
import { fitNames, refitNames } from './fit-name.js';
import { fitBoxes, refitBoxes } from './fit-box.js';
import { BRANDING_COLORS, COLOR_PATTERN, type BrandingView } from '../../../server/protocol/branding.js';

/** The canvas every overlay is laid out for. */
export const STAGE = { width: 1920, height: 1080 } as const;
/** How often a refused subscription (unknown tournament) is tried again. */
export const RETRY_MS = 5000;
/** How often the tournament's branding (colours, logo, sponsor) is read again. */
export const BRANDING_REFRESH_MS = 60_000;
/** No server after this long: say so in the console (once). */
const UNREACHABLE_WARN_MS = 5000;

export abstract class StreamOverlay extends LitElement {
  static override styles = [tokens, layoutStyles, stageStyles, fittedNames];

  /** Which overlay this is (the producer's `stream.hidden` names it). */
  protected abstract readonly kind: OverlayKind;
  /** The topics it follows: only those (the server sends nothing else). */
  protected abstract readonly topics: readonly Topic[];

  @state() protected feed: TournamentFeed | null = null;
  /** The event's branding (GET /api/tournaments/:id/branding): colours, logo, sponsor. */
  @state() protected branding: BrandingView | null = null;
  private brandingSheet: CSSStyleSheet | null = null;
  /** False renders the off-air pose; turning it true plays the entrance. */
  @state() private entered = false;
  @state() private obsVisible = true;
  @state() private stage = { scale: 1, x: 0, y: 0 };

  protected readonly params = new URLSearchParams(location.search);
  protected readonly tournament = tournamentFromOverlayPath(location.pathname);
  private readonly langParam: StreamLanguage | null = this.readLang();
  protected connection: Connection | null = null;
  private unsubscribe: (() => void) | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private cleanups: Array<() => void> = [];

  /** Server time as this overlay shows it: on the delayed feed, `delayMs` behind the room. */
  protected readonly time: CountdownSource = this.delayedTime();
  /** Renders at each whole second of whatever `deadline()` counts down to. */
  protected readonly countdown = new CountdownController(
    this,
    () => (this.connection ? this.time : null),
    () => this.deadline(),
  );

  private delayedTime(): CountdownSource {
    const overlay = this;
    return {
      now: () => (overlay.connection ? overlay.connection.time.now() : Date.now()) - (overlay.feed?.delayMs ?? 0),
      get rate() {
        return overlay.connection?.time.rate ?? 1;
      },
    };
  }

  /** The server time the shown countdown reaches zero at; null: nothing counts down. */
  protected deadline(): number | null {
    return null;
  }

  /** False while the overlay has nothing to say (no alert, no lower third): it then stays off air. */
  protected hasContent(): boolean {
    return true;
  }

  /** A new state arrived (`previous`: the one before, null on the first); `events` only on patches. */
  protected feedChanged(_feed: TournamentFeed, _previous: TournamentFeed | null, _events: readonly PublicEvent[]): void {}

  /** The overlay's own boxes, positioned on the 1920×1080 stage. */
  protected abstract renderOverlay(feed: TournamentFeed, l10n: StreamLocalizer): unknown;

  override connectedCallback(): void {
    super.connectedCallback();
    const onResize = () => this.fitStage();
    window.addEventListener('resize', onResize);
    this.cleanups.push(() => window.removeEventListener('resize', onResize));
    // A face that arrives after the first render measures differently: fit the texts again.
    const onFonts = () => {
      refitNames(this.renderRoot);
      refitBoxes(this.renderRoot);
    };
    document.fonts?.addEventListener('loadingdone', onFonts);
    this.cleanups.push(() => document.fonts?.removeEventListener('loadingdone', onFonts));
    this.fitStage();
    this.cleanups.push(
      onObsVisibility({
        visible: (visible) => {
          this.obsVisible = visible;
          if (visible) this.replayEntrance();
        },
        activated: () => this.replayEntrance(),
      }),
    );
    if (!this.tournament) {
      console.warn(`riffle overlay: ${location.pathname} names no tournament; use /overlay/<tournament id>/${this.kind}`);
      return;
    }
    const path = flagParam(this.params, 'live') ? '/ws' : '/ws/stream';
    const connection = (this.connection = new Connection({ url: `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${path}` }));
    this.cleanups.push(
      connection.onStatus((e) => {
        if (e.status === 'offline') console.warn('riffle overlay: lost the server; reconnecting');
      }),
    );
    const warnTimer = setTimeout(() => {
      if (connection.status !== 'online') console.warn(`riffle overlay: cannot reach the Riffle server at ${location.host}; still trying`);
    }, UNREACHABLE_WARN_MS);
    this.cleanups.push(() => clearTimeout(warnTimer), () => connection.close());
    this.follow();
    void this.readBranding();
    const brandingTimer = setInterval(() => void this.readBranding(), BRANDING_REFRESH_MS);
    this.cleanups.push(() => clearInterval(brandingTimer));
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.unsubscribe?.();
    this.unsubscribe = null;
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.connection = null;
  }

  private follow(): void {
    this.retryTimer = null;
    if (!this.connection || !this.tournament) return;
    this.unsubscribe = this.connection.subscribe(this.tournament, this.topics, (feed, events) => this.onFeed(feed, events));
  }

  private onFeed(feed: TournamentFeed, events: readonly PublicEvent[]): void {
    if (feed.status === 'error') {
      console.warn(`riffle overlay: tournament "${this.tournament}": ${feed.error?.code ?? 'error'} (${feed.error?.message ?? ''}); asking again in ${RETRY_MS / 1000} s`);
      this.unsubscribe?.();
      this.unsubscribe = null;
      this.feed = null;
      if (!this.retryTimer) this.retryTimer = setTimeout(() => this.follow(), RETRY_MS);
      return;
    }
    if (feed.status !== 'ready') return;
    const previous = this.feed;
    this.feed = feed;
    try {
      this.feedChanged(feed, previous, events);
    } catch (err) {
      // Never an error on air: a bug in one reaction must not stop the overlay.
      console.warn('riffle overlay: could not react to a change', err);
    }
  }

  /**
   * The branding's colours go into a style sheet of the shadow root (`:host { --riffle-overlay-accent: … }`),
   * so a streamer's own Custom CSS on the element still wins over them. Never an error on air:
   * a failed read keeps what was there.
   */
  private async readBranding(): Promise<void> {
    if (!this.tournament) return;
    try {
      const res = await fetch(`/api/tournaments/${encodeURIComponent(this.tournament)}/branding`);
      if (!res.ok) return;
      const branding = (await res.json()) as BrandingView;
      const rules = Object.entries(branding.colors ?? {})
        .filter(([key, value]) => Object.hasOwn(BRANDING_COLORS, key) && typeof value === 'string' && COLOR_PATTERN.test(value))
        .map(([key, value]) => `${BRANDING_COLORS[key as keyof typeof BRANDING_COLORS]}: ${value};`)
        .join(' ');
      const root = this.renderRoot as ShadowRoot;
      if (!this.brandingSheet && 'adoptedStyleSheets' in root) {
        this.brandingSheet = new CSSStyleSheet();
        root.adoptedStyleSheets = [...root.adoptedStyleSheets, this.brandingSheet];
      }
      this.brandingSheet?.replaceSync(rules ? `:host { ${rules} }` : '');
      if (JSON.stringify(branding) !== JSON.stringify(this.branding)) this.branding = branding;
    } catch (err) {
      console.warn('riffle overlay: could not read the branding', err);
    }
  }

  /** The event's logo or the sponsor's as an image (same-origin URL), or nothing. */
  protected brandImage(slot: 'logo' | 'sponsor') {
    const url = this.branding?.[slot];
    return url && url.startsWith('/api/') ? html`<img class="brand ${slot}" part=${slot} src=${url} alt="" />` : nothing;
  }

  private readLang(): StreamLanguage | null {
    const raw = this.params.get('lang');
    if (raw === null) return null;
    const lang = raw.trim().toLowerCase();
    if (isStreamLanguage(lang)) return lang;
    console.warn(`riffle overlay: ?lang=${JSON.stringify(raw)} is not one of en, nl, da, hr, de; using the tournament's language`);
    return null;
  }

  protected get l10n(): StreamLocalizer {
    const locale = this.feed?.state.info?.locale;
    return overlayLocalizer(this.langParam ?? (isStreamLanguage(locale) ? locale : 'en'), () => this.requestUpdate());
  }

  /** The clock at the time this frame shows (null without a clock topic). */
  protected liveClock(): LiveClock | null {
    const clock = this.feed?.state.clock;
    return clock ? liveClock(clock, this.feed?.state.structure?.items, this.countdown.frameNow) : null;
  }

  /** Plays the entrance again: the off-air pose is committed, then the transition back runs. */
  protected replayEntrance(): void {
    this.entered = false;
    void this.updateComplete.then(() => {
      const air = this.renderRoot.querySelector('.air');
      if (air) getComputedStyle(air).opacity; // flush the off pose so the change back is a transition
      this.entered = true;
    });
  }

  private fitStage(): void {
    const w = window.innerWidth || STAGE.width;
    const h = window.innerHeight || STAGE.height;
    const scale = Math.min(w / STAGE.width, h / STAGE.height);
    this.stage = { scale, x: (w - STAGE.width * scale) / 2, y: (h - STAGE.height * scale) / 2 };
  }

  /** On air: a state to show, not taken off by the producer or by OBS, and something to say. */
  protected get onAir(): boolean {
    const feed = this.feed;
    if (!feed || !this.entered || !this.obsVisible) return false;
    if (feed.state.stream?.hidden.includes(this.kind)) return false;
    return this.hasContent();
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    try {
      fitNames(this.renderRoot);
      fitBoxes(this.renderRoot);
    } catch (err) {
      console.warn('riffle overlay: could not fit a text', err);
    }
  }

  protected override firstUpdated(changed: PropertyValues): void {
    super.firstUpdated(changed);
    this.replayEntrance();
  }

  override render() {
    const feed = this.feed;
    const { scale, x, y } = this.stage;
    let content: unknown = nothing;
    if (feed) {
      try {
        content = this.renderOverlay(feed, this.l10n);
      } catch (err) {
        console.warn('riffle overlay: could not draw the state', err);
      }
    }
    return html`<div class="stage" style=${styleMap({ transform: `translate(${x}px, ${y}px) scale(${scale})` })}>
      <div class=${classMap({ air: true, on: this.onAir, reset: !this.entered })} part="air" data-on-air=${this.onAir ? 'true' : 'false'} data-feed=${feed ? 'ready' : 'waiting'}>${content}</div>
    </div>`;
  }
}
