import { RiffleBustHand, type BustHandEvent } from './riffle-bust-hand.component.js';

export * from './riffle-bust-hand.component.js';
export default RiffleBustHand;

if (!customElements.get('riffle-bust-hand')) customElements.define('riffle-bust-hand', RiffleBustHand);

declare global {
  interface HTMLElementTagNameMap {
    'riffle-bust-hand': RiffleBustHand;
  }
  interface HTMLElementEventMap {
    'riffle-bust-hand': BustHandEvent;
  }
}
