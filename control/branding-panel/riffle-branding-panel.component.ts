import { html, LitElement, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { BrandingColor, BrandingSlot, BrandingView } from '../../server/protocol/branding.js';
import { BRANDING_COLORS, BRANDING_SLOTS } from '../../server/protocol/branding.js';
import { errorText } from '../../web/lib/error-text.js';
import type { Localizer } from '../../web/lib/i18n.js';
import styles from './riffle-branding-panel.styles.js';

/** The overlays' defaults (overlays/stream/lib/stage.styles.ts), shown until a colour is set. */
const DEFAULTS: Record<BrandingColor, string> = { accent: '#4cc9f0', background: '#080c16', text: '#f4f7fb' };

/**
 * @summary The stream's branding from the phone (issue 24): the event's colours, its logo and a
 *   sponsor's, for every overlay. The TD or the producer sets them; the server checks each image
 *   (PNG, JPEG or WebP from its bytes, size in bytes and pixels) and a refusal is shown in the
 *   phone's language with nothing changed.
 */
export class RiffleBrandingPanel extends LitElement {
  static override styles = styles;

  @property({ attribute: false }) l10n!: Localizer;
  @property() tournament: string | null = null;
  @state() private branding: BrandingView | null = null;
  @state() private colors: Partial<Record<BrandingColor, string>> = {};
  @state() private message: { text: string; error: boolean } | null = null;
  @state() private busy = false;

  override connectedCallback(): void {
    super.connectedCallback();
    void this.load();
  }

  private base(): string {
    return `/api/tournaments/${encodeURIComponent(this.tournament ?? '')}/branding`;
  }

  private async load(): Promise<void> {
    if (!this.tournament) return;
    try {
      const res = await fetch(this.base());
      if (res.ok) {
        this.branding = (await res.json()) as BrandingView;
        this.colors = { ...this.branding.colors };
      }
    } catch {
      this.message = { text: errorText(this.l10n, { code: 'network-error', message: '' }), error: true };
    }
  }

  private async send(path: string, init: RequestInit): Promise<void> {
    this.busy = true;
    try {
      const res = await fetch(`${this.base()}${path}`, init);
      const body = (await res.json()) as { ok: boolean; branding?: BrandingView; error?: { code: string; message: string } };
      if (body.ok && body.branding) {
        this.branding = body.branding;
        this.colors = { ...body.branding.colors };
        this.message = { text: this.l10n.t('setup.branding.saved'), error: false };
      } else this.message = { text: errorText(this.l10n, body.error ?? { code: 'unknown', message: String(res.status) }), error: true };
    } catch {
      this.message = { text: errorText(this.l10n, { code: 'network-error', message: '' }), error: true };
    } finally {
      this.busy = false;
    }
  }

  private upload(slot: BrandingSlot, e: Event): void {
    const input = e.target as HTMLInputElement;
    const file = input.files?.[0];
    input.value = '';
    if (file) void this.send(`/${slot}`, { method: 'PUT', headers: { 'content-type': 'application/octet-stream' }, body: file });
  }

  override render() {
    const l10n = this.l10n;
    if (!l10n || !this.tournament) return nothing;
    return html`<fieldset data-role="branding">
      <legend>${l10n.t('setup.branding.title')}</legend>
      <p class="hint">${l10n.t('setup.branding.hint')}</p>
      ${this.message ? html`<p class=${this.message.error ? 'issue' : 'ok'} role=${this.message.error ? 'alert' : 'status'} data-role="branding-message">${this.message.text}</p>` : nothing}
      <div class="colors">
        ${(Object.keys(BRANDING_COLORS) as BrandingColor[]).map(
          (key) => html`<label>
            <span>${l10n.t(`setup.branding.${key}`)}</span>
            <input type="color" data-field=${key} .value=${this.colors[key] ?? DEFAULTS[key]} @change=${(e: Event) => (this.colors = { ...this.colors, [key]: (e.target as HTMLInputElement).value })} />
          </label>`,
        )}
      </div>
      <button type="button" data-action="branding-colors" ?disabled=${this.busy} @click=${() => void this.send('/colors', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(this.colors) })}>
        ${l10n.t('setup.branding.saveColors')}
      </button>
      ${BRANDING_SLOTS.map(
        (slot) => html`<div class="image" data-slot=${slot}>
          <span>${l10n.t(`setup.branding.${slot}`)}</span>
          ${this.branding?.[slot] ? html`<img src=${this.branding[slot]!} alt="" />` : html`<span class="none">${l10n.t('setup.branding.none')}</span>`}
          <label class="file">
            ${l10n.t('setup.branding.choose')}
            <input type="file" accept="image/png,image/jpeg,image/webp" data-field=${slot} ?disabled=${this.busy} @change=${(e: Event) => this.upload(slot, e)} />
          </label>
          ${this.branding?.[slot] ? html`<button type="button" data-action="branding-remove" ?disabled=${this.busy} @click=${() => void this.send(`/${slot}`, { method: 'DELETE' })}>${l10n.t('setup.branding.remove')}</button>` : nothing}
        </div>`,
      )}
      <p class="hint">${l10n.t('setup.branding.limits')}</p>
    </fieldset>`;
  }
}
