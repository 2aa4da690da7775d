/** Bundle entry of the lower-third overlay (/overlay/:id/lower-third): defines <riffle-overlay-lower-third>. */
import { RiffleOverlayLowerThird } from './riffle-overlay-lower-third.component.js';

export * from './riffle-overlay-lower-third.component.js';
export default RiffleOverlayLowerThird;

if (!customElements.get('riffle-overlay-lower-third')) customElements.define('riffle-overlay-lower-third', RiffleOverlayLowerThird);

declare global {
  interface HTMLElementTagNameMap {
    'riffle-overlay-lower-third': RiffleOverlayLowerThird;
  }
}
