import { RiffleBountyMoney } from './riffle-bounty-money.component.js';

export * from './riffle-bounty-money.component.js';
export default RiffleBountyMoney;

if (!customElements.get('riffle-bounty-money')) customElements.define('riffle-bounty-money', RiffleBountyMoney);

declare global {
  interface HTMLElementTagNameMap {
    'riffle-bounty-money': RiffleBountyMoney;
  }
}
