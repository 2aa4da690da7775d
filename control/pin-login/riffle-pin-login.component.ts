import { html, LitElement, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import { classMap } from 'lit/directives/class-map.js';
import type { Localizer } from '../../web/lib/i18n.js';
import styles from './riffle-pin-login.styles.js';

export const PIN_LENGTH = 6;

export type PairEvent = CustomEvent<{ pin: string }>;

/**
 * @summary Pairing with the 6-digit PIN: a numeric keypad big enough for a thumb (a phone's
 *   text keyboard would cover half the screen), and the digit keys of a hardware keyboard.
 *   The PIN is sent as soon as the sixth digit is in.
 *
 * @event riffle-pair - `detail.pin`: the six digits entered.
 */
export class RifflePinLogin extends LitElement {
  static override styles = styles;

  @property({ attribute: false }) l10n!: Localizer;
  /** A pairing request is on its way. */
  @property({ attribute: false }) busy = false;
  /** The server's message for the last failed attempt. */
  @property({ attribute: false }) error: string | null = null;
  @state() private digits = '';

  private readonly onKey = (e: KeyboardEvent) => {
    if (e.metaKey || e.ctrlKey || e.altKey) return;
    if (/^\d$/.test(e.key)) this.press(e.key);
    else if (e.key === 'Backspace') this.erase();
    else if (e.key === 'Enter') this.submit();
    else return;
    e.preventDefault();
  };

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('keydown', this.onKey);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('keydown', this.onKey);
  }

  protected override willUpdate(changed: Map<string, unknown>): void {
    // A refused PIN is cleared so the next try starts from the first digit.
    if (changed.has('error') && this.error) this.digits = '';
  }

  override render() {
    const { l10n } = this;
    if (!l10n) return nothing;
    const boxes = Array.from({ length: PIN_LENGTH }, (_, i) => i);
    return html`
      <div class="head">
        <div class="brand">RIFFLE</div>
        <h1>${l10n.t('control.pairTitle')}</h1>
        <p>${l10n.t('control.pairHint')}</p>
      </div>
      <div class="digits" role="img" aria-label="${l10n.t('control.pinLabel')}: ${this.digits.length} / ${PIN_LENGTH}">
        ${boxes.map((i) => html`<span class=${classMap({ digit: true, filled: i < this.digits.length, next: i === this.digits.length })}>${i < this.digits.length ? '•' : ''}</span>`)}
      </div>
      <div class=${classMap({ status: true, error: Boolean(this.error) && !this.busy })} role=${this.error ? 'alert' : 'status'}>
        ${this.busy ? l10n.t('control.pairing') : (this.error ?? '')}
      </div>
      <div class="keypad">
        ${['1', '2', '3', '4', '5', '6', '7', '8', '9'].map((d) => this.key(d))}
        <button type="button" class="delete" aria-label=${l10n.t('control.deleteDigit')} ?disabled=${this.busy || !this.digits} @click=${this.erase}>
          <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M9 5h11v14H9l-6-7z"></path><path d="M12 9l6 6M18 9l-6 6"></path></svg>
        </button>
        ${this.key('0')}
        <button type="button" class="ok" ?disabled=${this.busy || this.digits.length !== PIN_LENGTH} @click=${this.submit}>${l10n.t('control.submit')}</button>
      </div>
    `;
  }

  private key(digit: string) {
    return html`<button type="button" data-digit=${digit} ?disabled=${this.busy} @click=${() => this.press(digit)}>${digit}</button>`;
  }

  private press(digit: string): void {
    if (this.busy || this.digits.length >= PIN_LENGTH) return;
    this.digits += digit;
    if (this.digits.length === PIN_LENGTH) this.submit();
  }

  private erase(): void {
    if (!this.busy) this.digits = this.digits.slice(0, -1);
  }

  private submit(): void {
    if (this.busy || this.digits.length !== PIN_LENGTH) return;
    const pin = this.digits;
    this.dispatchEvent(new CustomEvent('riffle-pair', { detail: { pin }, bubbles: true, composed: true }));
  }
}
