/** Bundle entry of the alerts overlay (/overlay/:id/alerts): defines <riffle-overlay-alerts>. */
import { RiffleOverlayAlerts } from './riffle-overlay-alerts.component.js';

export * from './riffle-overlay-alerts.component.js';
export default RiffleOverlayAlerts;

if (!customElements.get('riffle-overlay-alerts')) customElements.define('riffle-overlay-alerts', RiffleOverlayAlerts);

declare global {
  interface HTMLElementTagNameMap {
    'riffle-overlay-alerts': RiffleOverlayAlerts;
  }
}
