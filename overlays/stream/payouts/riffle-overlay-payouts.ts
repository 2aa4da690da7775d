/** Bundle entry of the payouts overlay (/overlay/:id/payouts): defines <riffle-overlay-payouts>. */
import { RiffleOverlayPayouts } from './riffle-overlay-payouts.component.js';

export * from './riffle-overlay-payouts.component.js';
export default RiffleOverlayPayouts;

if (!customElements.get('riffle-overlay-payouts')) customElements.define('riffle-overlay-payouts', RiffleOverlayPayouts);

declare global {
  interface HTMLElementTagNameMap {
    'riffle-overlay-payouts': RiffleOverlayPayouts;
  }
}
