import { RiffleSeatDraw } from './riffle-seat-draw.component.js';

export * from './riffle-seat-draw.component.js';
export default RiffleSeatDraw;

if (!customElements.get('riffle-seat-draw')) customElements.define('riffle-seat-draw', RiffleSeatDraw);

declare global {
  interface HTMLElementTagNameMap {
    'riffle-seat-draw': RiffleSeatDraw;
  }
}
