import { html, LitElement, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { Localizer } from '../../web/lib/i18n.js';
import { OVERLAY_KINDS, STREAM_LIMITS, type Command, type OverlayKind, type StreamView } from '../../client/messages.js';
import type { ObsStatusView } from '../../server/protocol/obs.js';
import type { PlayersView } from '../../server/protocol/entries-views.js';
import type { SeatingView, TableView } from '../../server/protocol/seating.js';
import { tokens } from '../../web/lib/theme.js';
import type { CountdownSource } from '../../web/lib/countdown.js';
import { nextAiring } from './air-time.js';
import { airGrid, libraryCard, lowerThirdCard, previewCard, type ProducerHost } from './producer-cards.js';
import { fireCommand } from '../command-event.js';
import { loadFace, namesCard } from './on-air-names.js';
import styles from './riffle-stream-panel.styles.js';

/**
 * A chip count as typed on the phone: digits with the separators of any of our languages
 * ("14,250,000", "14.250.000", "14 250 000", "14'250'000"); null when it is not a whole count.
 */
export function chipsTyped(text: string | undefined): number | null {
  if (text === undefined) return null;
  const bare = text.trim().replace(/[\s\u00a0\u202f,.'’]/gu, '');
  return /^\d{1,13}$/.test(bare) ? Number(bare) : null;
}

/** An OBS request for the root to make (HTTP: docs/OBS.md), with the toast that says what it did. */
export type ObsRequest = { op: 'connect'; url: string; password: string } | { op: 'forget' } | { op: 'scene'; scene: string } | { op: 'cut' };
export type ObsRequestEvent = CustomEvent<{ request: ObsRequest; done: string }>;

declare global {
  interface HTMLElementEventMap {
    'riffle-obs': ObsRequestEvent;
  }
}

/**
 * @summary The producer's Stream tab, laid out for a phone (issue 24): the on-air switches
 *   first, then the lower third (cued, then taken to air in one tap) and the library of saved
 *   lower thirds, a preview of one overlay as it will air or as the stream shows it now, the
 *   featured table and its chip counts, the ticker, the secure delay, and (folded) OBS and the
 *   overlay URLs. For the TD and the stream producer (role `stream`).
 *
 * With a secure delay, a change airs `delaySeconds` after it was made: the switches and the
 * lower third say "on air at HH:MM:SS" until then (StreamView.changedAt; the tab re-renders
 * when the next one airs, with no tick).
 *
 * The chip-count sheet shows every occupied seat of the featured table at once, prefilled with
 * the last count: the producer changes what moved and saves once (one `chips.count` with only
 * the changed seats). Enter moves to the next seat, so nine counts take a few seconds.
 *
 * @event riffle-command - `{command, done}`: the root sends `command` and toasts `done` (control/command-event.ts).
 * @event riffle-obs - `{request, done}`: the root makes the OBS request and toasts `done`.
 */
export class RiffleStreamPanel extends LitElement {
  static override styles = [tokens, styles];

  @property({ attribute: false }) l10n!: Localizer;
  @property() tournament = '';
  @property({ attribute: false }) stream: StreamView | null = null;
  @property({ attribute: false }) seating: SeatingView | null = null;
  @property({ attribute: false }) players: PlayersView | null = null;
  /** OBS's status (pushed by the server); null until known. */
  @property({ attribute: false }) obs: ObsStatusView | null = null;
  /** The TD may connect OBS and forget it; the producer uses it. */
  @property({ type: Boolean }) canConfigure = false;

  /** Server time (the page's connection): when delayed changes air. */
  @property({ attribute: false }) source: CountdownSource | null = null;

  /** Counts typed and not yet saved, by entry id. */
  @state() private typed: Readonly<Record<string, string>> = {};
  @state() private note: string | null = null;
  @state() private lowerThirdError: string | null = null;
  @state() private preview: { kind: OverlayKind; live: boolean } | null = null;
  /** The producer asked for delay 0 while the stream runs behind: the next tap confirms it. */
  @state() private confirmLive = false;
  /** The overlays' face has loaded: names can be predicted as they will air. */
  @state() private faceReady = false;
  /** Wakes the tab when the next delayed change airs ("on air at" becomes "on air"). */
  private airTimer: ReturnType<typeof setTimeout> | null = null;

  override connectedCallback(): void {
    super.connectedCallback();
    void loadFace().then((ok) => (this.faceReady = ok));
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    if (this.airTimer) clearTimeout(this.airTimer);
    this.airTimer = null;
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    if (this.airTimer) clearTimeout(this.airTimer);
    this.airTimer = null;
    const source = this.source;
    const next = this.stream && source ? nextAiring(this.stream, source.now()) : null;
    if (next === null || !source) return;
    this.airTimer = setTimeout(() => this.requestUpdate(), Math.max(0, (next - source.now()) / source.rate) + 50);
  }

  private host(l10n: Localizer, stream: StreamView): ProducerHost {
    return {
      l10n,
      stream,
      tournament: this.tournament,
      now: this.source?.now() ?? Date.now(),
      lowerThirdError: this.lowerThirdError,
      preview: this.preview,
      fire: (command, done) => this.fire(command, done),
      setLowerThirdError: (error) => (this.lowerThirdError = error),
      setPreview: (preview) => (this.preview = preview),
    };
  }

  private obsRequest(request: ObsRequest, done: string): void {
    this.dispatchEvent(new CustomEvent('riffle-obs', { detail: { request, done }, bubbles: true, composed: true }));
  }

  private fire(command: Command, done: string): void {
    fireCommand(this, command, { done });
  }

  private get featured(): TableView | null {
    const id = this.stream?.featuredTableId;
    return (id && this.seating?.tables.find((t) => t.id === id)) || null;
  }

  override render() {
    const { l10n, stream } = this;
    if (!l10n || !stream) return nothing;
    const h = this.host(l10n, stream);
    return html`
      ${airGrid(h)} ${lowerThirdCard(h)} ${libraryCard(h)} ${previewCard(h)} ${this.featuredCard(l10n, stream)} ${this.countsCard(l10n)}
      ${namesCard({ l10n, table: this.featured, players: this.players, faceReady: this.faceReady, fire: (command, done) => this.fire(command, done) })} ${this.tickerCard(l10n, stream)}
      ${this.delayCard(l10n, stream)}
      <details class="card more" data-card="obs">
        <summary><h2>${l10n.t('stream.obs.title')}</h2><span class="obs-light light ${this.obs?.state ?? 'off'}"></span></summary>
        ${this.obsCard(l10n, stream)}
      </details>
      <details class="card more" data-card="urls">
        <summary><h2>${l10n.t('stream.overlays.urls')}</h2></summary>
        ${this.urlsCard(l10n)}
      </details>
    `;
  }

  private obsCard(l10n: Localizer, stream: StreamView) {
    const status = this.obs;
    const state = status?.state ?? 'off';
    const connected = state === 'connected';
    const connect = (e: Event) => {
      e.preventDefault();
      const form = new FormData(e.target as HTMLFormElement);
      this.obsRequest({ op: 'connect', url: String(form.get('url') ?? '').trim(), password: String(form.get('password') ?? '') }, l10n.t('stream.obs.connected'));
    };
    const saveRules = (e: Event) => {
      e.preventDefault();
      const text = String(new FormData(e.target as HTMLFormElement).get('rules') ?? '').trim();
      let rules: unknown;
      try {
        rules = text ? JSON.parse(text) : [];
      } catch (err) {
        this.note = l10n.t('stream.obs.badJson', { message: err instanceof Error ? err.message : String(err) });
        return;
      }
      this.note = null;
      const count = Array.isArray(rules) ? rules.length : 0;
      this.fire({ type: 'obs.rules.set', rules } as Command, l10n.t('stream.obs.rulesSaved', { count }));
    };
    return html`<div class="obs stack">
      <p class="obs-state" data-obs-state=${state}><span class="light ${state}"></span>${l10n.t(`stream.obs.states.${state}`)}</p>
      ${status?.obsVersion ? html`<p class="hint">${l10n.t('stream.obs.versions', { obs: status.obsVersion, ws: status.obsWebSocketVersion ?? '' })}</p>` : nothing}
      ${status?.programScene && connected ? html`<p class="hint">${l10n.t('stream.obs.program', { scene: status.programScene })}</p>` : nothing}
      ${status?.lastError && !connected ? html`<p class="hint error">${status.lastError.message}</p>` : nothing}
      ${(status?.problems ?? []).map((p) => html`<p class="hint error" data-problem>${p}</p>`)}
      ${connected
        ? html`<h3>${l10n.t('stream.obs.scenes')}</h3>
            <div class="scenes">
              ${status!.scenes.map(
                (scene) => html`<button type="button" class=${scene === status!.programScene ? 'on-air' : ''} data-scene=${scene} @click=${() => this.obsRequest({ op: 'scene', scene }, l10n.t('stream.obs.switched', { scene }))}>
                  ${scene}
                </button>`,
              )}
            </div>
            ${status!.studioMode ? html`<button type="button" class="primary wide" data-action="cut" @click=${() => this.obsRequest({ op: 'cut' }, l10n.t('stream.obs.cutDone'))}>${l10n.t('stream.obs.cut')}</button>` : nothing}`
        : nothing}
      ${this.canConfigure
        ? html`<form class="stack" @submit=${connect}>
            <input name="url" required placeholder=${l10n.t('stream.obs.address')} aria-label=${l10n.t('stream.obs.address')} .value=${status?.url ?? ''} />
            <input name="password" type="password" autocomplete="off" placeholder=${l10n.t('stream.obs.password')} aria-label=${l10n.t('stream.obs.password')} />
            <div class="row">
              <button type="submit" class="half" data-action="obs-connect">${l10n.t('stream.obs.connect')}</button>
              <button type="button" class="half" ?disabled=${state === 'off'} @click=${() => this.obsRequest({ op: 'forget' }, l10n.t('stream.obs.forgotten'))}>${l10n.t('stream.obs.forget')}</button>
            </div>
          </form>`
        : nothing}
      <form class="stack" @submit=${saveRules}>
        <textarea name="rules" rows="6" spellcheck="false" aria-label=${l10n.t('stream.obs.rules')} .value=${JSON.stringify(stream.obsRules, null, 1)}></textarea>
        <button type="submit" data-action="obs-rules">${l10n.t('stream.obs.saveRules')}</button>
      </form>
    </div>`;
  }

  private delayCard(l10n: Localizer, stream: StreamView) {
    const save = (e: Event) => {
      e.preventDefault();
      const seconds = Number(new FormData(e.target as HTMLFormElement).get('seconds'));
      // Going live from a running delay airs what the stream must not show early: asked once more.
      if (seconds === 0 && stream.delaySeconds > 0 && !this.confirmLive) {
        this.confirmLive = true;
        return;
      }
      this.fire({ type: 'stream.delay', seconds, ...(this.confirmLive && seconds === 0 ? { confirmed: true as const } : {}) }, l10n.t('stream.delay.done', { seconds }));
      this.confirmLive = false;
    };
    return html`<section class="card">
      <h2>${l10n.t('stream.delay.title')}</h2>
      <p class="hint">${l10n.t('stream.delay.hint')}</p>
      <form class="row" @submit=${save}>
        <label class="grow"
          ><span class="visually-hidden">${l10n.t('stream.delay.seconds')}</span>
          <input name="seconds" data-field="delay" type="number" inputmode="numeric" min="0" max=${STREAM_LIMITS.delayMax} step="1" required .value=${String(stream.delaySeconds)} aria-label=${l10n.t('stream.delay.seconds')}
        /></label>
        <button type="submit" class=${this.confirmLive ? 'danger' : ''} data-action="delay">${l10n.t(this.confirmLive ? 'stream.delay.confirmLive' : 'stream.delay.save')}</button>
      </form>
      ${this.confirmLive
        ? html`<p class="hint error" role="alert" data-warning="live">${l10n.t('stream.delay.liveWarning', { seconds: stream.delaySeconds })}</p>
            <button type="button" class="wide" data-action="delay-cancel" @click=${() => (this.confirmLive = false)}>${l10n.t('stream.delay.cancel')}</button>`
        : nothing}
      <button type="button" class="wide" data-action="replay" @click=${() => this.fire({ type: 'stream.replayAlert' }, l10n.t('stream.replayed'))}>${l10n.t('stream.replay')}</button>
    </section>`;
  }

  private featuredCard(l10n: Localizer, stream: StreamView) {
    const tables = this.seating?.tables ?? [];
    const choose = (e: Event) => {
      const tableId = (e.target as HTMLSelectElement).value || null;
      const table = tables.find((t) => t.id === tableId);
      this.typed = {};
      this.fire({ type: 'stream.feature', tableId }, table ? l10n.t('stream.featured.done', { table: table.number }) : l10n.t('stream.featured.cleared'));
    };
    return html`<section class="card">
      <h2>${l10n.t('stream.featured.title')}</h2>
      <select data-field="featured" @change=${choose} aria-label=${l10n.t('stream.featured.title')}>
        <option value="" ?selected=${!stream.featuredTableId}>${l10n.t('stream.featured.none')}</option>
        ${tables.map((t) => html`<option value=${t.id} ?selected=${t.id === stream.featuredTableId}>${l10n.t('stream.featured.table', { table: t.number, players: t.players })}</option>`)}
      </select>
    </section>`;
  }

  private countsCard(l10n: Localizer) {
    const table = this.featured;
    if (!table) return html`<section class="card"><p class="hint">${l10n.t('stream.counts.empty')}</p></section>`;
    const chipsOf = new Map((this.players?.entries ?? []).map((e) => [e.id, e.chips]));
    const seats = table.seats.filter((s) => s.entryId);
    const save = (e: Event) => {
      e.preventDefault();
      const counts = seats
        .map((s) => ({ entryId: s.entryId!, chips: chipsTyped(this.typed[s.entryId!]) }))
        .filter((c): c is { entryId: string; chips: number } => c.chips !== null && c.chips !== chipsOf.get(c.entryId));
      const bad = seats.find((s) => (this.typed[s.entryId!] ?? '').trim() !== '' && chipsTyped(this.typed[s.entryId!]) === null);
      if (bad) {
        this.note = l10n.t('stream.counts.invalid', { seat: bad.seat, text: this.typed[bad.entryId!]! });
        return;
      }
      if (counts.length === 0) {
        this.note = l10n.t('stream.counts.nothing');
        return;
      }
      this.note = null;
      this.typed = {};
      this.fire({ type: 'chips.count', counts }, l10n.t('stream.counts.done', { table: table.number, count: counts.length }));
    };
    // Enter moves to the next seat; on the last one it saves.
    const next = (e: KeyboardEvent, i: number) => {
      if (e.key !== 'Enter') return;
      const inputs = [...this.renderRoot.querySelectorAll<HTMLInputElement>('input[data-entry]')];
      if (i + 1 < inputs.length) {
        e.preventDefault();
        inputs[i + 1]!.focus();
        inputs[i + 1]!.select();
      }
    };
    return html`<section class="card">
      <h2>${l10n.t('stream.counts.title', { table: table.number })}</h2>
      <form class="counts" @submit=${save}>
        ${seats.map(
          (s, i) => html`<label class="count">
            <span class="seat">${s.seat}</span>
            <span class="name">${s.name ?? ''}</span>
            <input
              data-entry=${s.entryId!}
              type="text"
              inputmode="numeric"
              autocomplete="off"
              enterkeyhint=${i + 1 < seats.length ? 'next' : 'done'}
              aria-label=${`${l10n.t('stream.counts.seat', { seat: s.seat })}: ${s.name ?? ''}`}
              .value=${this.typed[s.entryId!] ?? (chipsOf.has(s.entryId!) ? l10n.number(chipsOf.get(s.entryId!)!) : '')}
              @input=${(e: Event) => (this.typed = { ...this.typed, [s.entryId!]: (e.target as HTMLInputElement).value })}
              @keydown=${(e: KeyboardEvent) => next(e, i)}
            />
          </label>`,
        )}
        ${this.note ? html`<p class="hint" role="status">${this.note}</p>` : nothing}
        <button type="submit" class="primary" data-action="counts">${l10n.t('stream.counts.save')}</button>
      </form>
    </section>`;
  }

  private tickerCard(l10n: Localizer, stream: StreamView) {
    const save = (e: Event) => {
      e.preventDefault();
      const text = String(new FormData(e.target as HTMLFormElement).get('messages') ?? '');
      const messages = text.split('\n').map((m) => m.trim()).filter(Boolean);
      this.fire({ type: 'stream.ticker', messages }, l10n.t('stream.ticker.done', { count: messages.length }));
    };
    return html`<section class="card">
      <h2>${l10n.t('stream.ticker.title')}</h2>
      <p class="hint">${l10n.t('stream.ticker.hint')}</p>
      <form class="stack" @submit=${save}>
        <textarea name="messages" rows="4" aria-label=${l10n.t('stream.ticker.title')} .value=${stream.ticker.join('\n')}></textarea>
        <button type="submit" data-action="ticker">${l10n.t('stream.ticker.save')}</button>
      </form>
    </section>`;
  }

  private urlsCard(l10n: Localizer) {
    const url = (kind: OverlayKind) => `${location.origin}/overlay/${encodeURIComponent(this.tournament)}/${kind}`;
    const copy = async (kind: OverlayKind) => {
      try {
        await navigator.clipboard.writeText(url(kind));
        this.note = l10n.t('stream.overlays.copied');
      } catch {
        // No clipboard (plain http on a phone): the URL is on screen to copy by hand.
      }
    };
    return html`<ul class="overlays">
      ${OVERLAY_KINDS.map(
        (kind) => html`<li>
          <span class="name">${l10n.t(`stream.kinds.${kind}`)}</span>
          <div class="url"><code>${url(kind)}</code><button type="button" class="small" @click=${() => void copy(kind)}>${l10n.t('stream.overlays.copy')}</button></div>
        </li>`,
      )}
    </ul>`;
  }
}
