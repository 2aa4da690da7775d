/** Bundle entry of the ticker overlay (/overlay/:id/ticker): defines <riffle-overlay-ticker>. */
import { RiffleOverlayTicker } from './riffle-overlay-ticker.component.js';

export * from './riffle-overlay-ticker.component.js';
export default RiffleOverlayTicker;

if (!customElements.get('riffle-overlay-ticker')) customElements.define('riffle-overlay-ticker', RiffleOverlayTicker);

declare global {
  interface HTMLElementTagNameMap {
    'riffle-overlay-ticker': RiffleOverlayTicker;
  }
}
