/** Bundle entry of the player-clock overlay (/overlay/:id/player-clock): defines <riffle-overlay-player-clock>. */
import { RiffleOverlayPlayerClock } from './riffle-overlay-player-clock.component.js';

export * from './riffle-overlay-player-clock.component.js';
export default RiffleOverlayPlayerClock;

if (!customElements.get('riffle-overlay-player-clock')) customElements.define('riffle-overlay-player-clock', RiffleOverlayPlayerClock);

declare global {
  interface HTMLElementTagNameMap {
    'riffle-overlay-player-clock': RiffleOverlayPlayerClock;
  }
}
