import { html, LitElement, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { Localizer } from '../../overlays/lib/i18n.js';
import { OVERLAY_KINDS, STREAM_LIMITS, type Command, type OverlayKind, type StreamView } from '../../client/messages.js';
import type { ObsStatusView } from '../../server/protocol/obs.js';
import type { PlayersView } from '../../server/protocol/entries-views.js';
import type { SeatingView, TableView } from '../../server/protocol/seating.js';
import { tokens } from '../../overlays/lib/theme.js';
import styles from './riffle-stream-panel.styles.js';

/** A command for the root to send, with the toast that says what it did. */
export type StreamCommandEvent = CustomEvent<{ command: Command; done: string }>;

/** An OBS request for the root to make (HTTP: docs/OBS.md), with the toast that says what it did. */
export type ObsRequest = { op: 'connect'; url: string; password: string } | { op: 'forget' } | { op: 'scene'; scene: string } | { op: 'cut' };
export type ObsRequestEvent = CustomEvent<{ request: ObsRequest; done: string }>;

declare global {
  interface HTMLElementEventMap {
    'riffle-stream': StreamCommandEvent;
    'riffle-obs': ObsRequestEvent;
  }
}

/**
 * @summary The producer's Stream tab: the featured table and its chip counts, overlays on and
 *   off air (with their OBS URLs), the lower third, the ticker, the last alert again and the
 *   secure delay. For the TD and the stream producer (role `stream`).
 *
 * The chip-count sheet shows every occupied seat of the featured table at once, prefilled with
 * the last count: the producer changes what moved and saves once (one `chips.count` with only
 * the changed seats). Enter moves to the next seat, so nine counts take a few seconds.
 *
 * @event riffle-stream - `{command, done}`: the root sends `command` and toasts `done`.
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

  /** Counts typed and not yet saved, by entry id. */
  @state() private typed: Readonly<Record<string, string>> = {};
  @state() private note: string | null = null;

  private obsRequest(request: ObsRequest, done: string): void {
    this.dispatchEvent(new CustomEvent('riffle-obs', { detail: { request, done }, bubbles: true, composed: true }));
  }

  private fire(command: Command, done: string): void {
    this.dispatchEvent(new CustomEvent('riffle-stream', { detail: { command, done }, bubbles: true, composed: true }));
  }

  private get featured(): TableView | null {
    const id = this.stream?.featuredTableId;
    return (id && this.seating?.tables.find((t) => t.id === id)) || null;
  }

  override render() {
    const { l10n, stream } = this;
    if (!l10n || !stream) return nothing;
    return html`
      ${this.delayCard(l10n, stream)} ${this.featuredCard(l10n, stream)} ${this.countsCard(l10n)} ${this.lowerThirdCard(l10n, stream)}
      ${this.tickerCard(l10n, stream)} ${this.obsCard(l10n, stream)} ${this.overlaysCard(l10n, stream)}
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
    return html`<section class="card obs">
      <h2>${l10n.t('stream.obs.title')}</h2>
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
    </section>`;
  }

  private delayCard(l10n: Localizer, stream: StreamView) {
    const save = (e: Event) => {
      e.preventDefault();
      const seconds = Number(new FormData(e.target as HTMLFormElement).get('seconds'));
      this.fire({ type: 'stream.delay', seconds }, l10n.t('stream.delay.done', { seconds }));
    };
    return html`<section class="card">
      <h2>${l10n.t('stream.delay.title')}</h2>
      <p class="status" data-status="delay">${stream.delaySeconds > 0 ? l10n.t('stream.behind', { seconds: stream.delaySeconds }) : l10n.t('stream.live')}</p>
      <p class="hint">${l10n.t('stream.delay.hint')}</p>
      <form class="row" @submit=${save}>
        <label class="grow"
          ><span class="visually-hidden">${l10n.t('stream.delay.seconds')}</span>
          <input name="seconds" type="number" inputmode="numeric" min="0" max=${STREAM_LIMITS.delayMax} step="1" required .value=${String(stream.delaySeconds)} aria-label=${l10n.t('stream.delay.seconds')}
        /></label>
        <button type="submit" data-action="delay">${l10n.t('stream.delay.save')}</button>
      </form>
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
        .map((s) => ({ entryId: s.entryId!, text: this.typed[s.entryId!] }))
        .filter((c) => c.text !== undefined && c.text.trim() !== '' && Number(c.text) !== chipsOf.get(c.entryId))
        .map((c) => ({ entryId: c.entryId, chips: Math.round(Number(c.text)) }));
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
              type="number"
              inputmode="numeric"
              min="0"
              step="1"
              enterkeyhint=${i + 1 < seats.length ? 'next' : 'done'}
              aria-label=${`${l10n.t('stream.counts.seat', { seat: s.seat })}: ${s.name ?? ''}`}
              .value=${this.typed[s.entryId!] ?? String(chipsOf.get(s.entryId!) ?? '')}
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

  private lowerThirdCard(l10n: Localizer, stream: StreamView) {
    const show = (e: Event) => {
      e.preventDefault();
      const form = new FormData(e.target as HTMLFormElement);
      const title = String(form.get('title') ?? '').trim();
      const subtitle = String(form.get('subtitle') ?? '').trim();
      const seconds = Number(form.get('seconds') || 0);
      this.fire({ type: 'stream.lowerThird', title, ...(subtitle ? { subtitle } : {}), ...(seconds > 0 ? { seconds } : {}) }, l10n.t('stream.lowerThird.done', { title }));
    };
    const on = stream.lowerThird;
    return html`<section class="card">
      <h2>${l10n.t('stream.lowerThird.title')}</h2>
      ${on ? html`<p class="status" data-status="lower-third">${l10n.t('stream.lowerThird.onAir', { title: on.title })}</p>` : nothing}
      <form class="stack" @submit=${show}>
        <input name="title" required maxlength=${STREAM_LIMITS.textMax} placeholder=${l10n.t('stream.lowerThird.heading')} aria-label=${l10n.t('stream.lowerThird.heading')} />
        <input name="subtitle" maxlength=${STREAM_LIMITS.textMax} placeholder=${l10n.t('stream.lowerThird.subtitle')} aria-label=${l10n.t('stream.lowerThird.subtitle')} />
        <input name="seconds" type="number" inputmode="numeric" min="1" max=${STREAM_LIMITS.lowerThirdSecondsMax} placeholder=${l10n.t('stream.lowerThird.seconds')} aria-label=${l10n.t('stream.lowerThird.seconds')} />
        <div class="row">
          <button type="submit" class="primary half" data-action="lower-third">${l10n.t('stream.lowerThird.show')}</button>
          <button type="button" class="half" data-action="hide-lower-third" ?disabled=${!on} @click=${() => this.fire({ type: 'stream.hideLowerThird' }, l10n.t('stream.lowerThird.hiddenDone'))}>
            ${l10n.t('stream.lowerThird.hide')}
          </button>
        </div>
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

  private overlaysCard(l10n: Localizer, stream: StreamView) {
    const url = (kind: OverlayKind) => `${location.origin}/overlay/${encodeURIComponent(this.tournament)}/${kind}`;
    const copy = async (kind: OverlayKind) => {
      try {
        await navigator.clipboard.writeText(url(kind));
        this.note = l10n.t('stream.overlays.copied');
      } catch {
        // No clipboard (plain http on a phone): the URL is on screen to copy by hand.
      }
    };
    return html`<section class="card">
      <h2>${l10n.t('stream.overlays.title')}</h2>
      <ul class="overlays">
        ${OVERLAY_KINDS.map((kind) => {
          const visible = !stream.hidden.includes(kind);
          const name = l10n.t(`stream.kinds.${kind}`);
          return html`<li>
            <div class="overlay-head">
              <span class="name">${name}</span>
              <button
                type="button"
                class=${visible ? 'on-air' : ''}
                data-overlay=${kind}
                aria-pressed=${visible ? 'true' : 'false'}
                @click=${() => this.fire({ type: 'stream.show', overlay: kind, visible: !visible }, l10n.t(visible ? 'stream.overlays.hidden' : 'stream.overlays.shown', { overlay: name }))}
              >
                ${visible ? l10n.t('stream.overlays.onAir') : l10n.t('stream.overlays.offAir')}
              </button>
            </div>
            <div class="url"><code>${url(kind)}</code><button type="button" class="small" @click=${() => void copy(kind)}>${l10n.t('stream.overlays.copy')}</button></div>
          </li>`;
        })}
      </ul>
    </section>`;
  }
}
