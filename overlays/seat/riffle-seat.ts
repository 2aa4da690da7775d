/** Bundle entry of the public seat lookup page (/seat/:id): defines <riffle-seat>. */
import { RiffleSeat } from './riffle-seat.component.js';

export * from './riffle-seat.component.js';
export default RiffleSeat;

if (!customElements.get('riffle-seat')) customElements.define('riffle-seat', RiffleSeat);

declare global {
  interface HTMLElementTagNameMap {
    'riffle-seat': RiffleSeat;
  }
}
