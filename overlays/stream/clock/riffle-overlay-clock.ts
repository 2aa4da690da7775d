/** Bundle entry of the clock overlay (/overlay/:id/clock): defines <riffle-overlay-clock>. */
import { RiffleOverlayClock } from './riffle-overlay-clock.component.js';

export * from './riffle-overlay-clock.component.js';
export default RiffleOverlayClock;

if (!customElements.get('riffle-overlay-clock')) customElements.define('riffle-overlay-clock', RiffleOverlayClock);

declare global {
  interface HTMLElementTagNameMap {
    'riffle-overlay-clock': RiffleOverlayClock;
  }
}
