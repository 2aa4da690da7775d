/** Bundle entry of the venue display page (/display/:id): defines <riffle-display>. */
import { RiffleDisplay } from './riffle-display.component.js';

export * from './riffle-display.component.js';
export default RiffleDisplay;

if (!customElements.get('riffle-display')) customElements.define('riffle-display', RiffleDisplay);

declare global {
  interface HTMLElementTagNameMap {
    'riffle-display': RiffleDisplay;
  }
}
