import { RiffleFloorCall } from './riffle-floor-call.component.js';

export * from './riffle-floor-call.component.js';
export default RiffleFloorCall;

if (!customElements.get('riffle-floor-call')) customElements.define('riffle-floor-call', RiffleFloorCall);

declare global {
  interface HTMLElementTagNameMap {
    'riffle-floor-call': RiffleFloorCall;
  }
}
