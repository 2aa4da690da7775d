import { RifflePayoutLadder } from './riffle-payout-ladder.component.js';

export * from './riffle-payout-ladder.component.js';
export default RifflePayoutLadder;

if (!customElements.get('riffle-payout-ladder')) customElements.define('riffle-payout-ladder', RifflePayoutLadder);

declare global {
  interface HTMLElementTagNameMap {
    'riffle-payout-ladder': RifflePayoutLadder;
  }
}
