/** Bundle entry of the league standings overlay (/overlay/:id/standings): defines <riffle-overlay-standings>. */
import { RiffleOverlayStandings } from './riffle-overlay-standings.component.js';

export * from './riffle-overlay-standings.component.js';
export default RiffleOverlayStandings;

if (!customElements.get('riffle-overlay-standings')) customElements.define('riffle-overlay-standings', RiffleOverlayStandings);

declare global {
  interface HTMLElementTagNameMap {
    'riffle-overlay-standings': RiffleOverlayStandings;
  }
}
