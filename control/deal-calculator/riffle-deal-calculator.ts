import { RiffleDealCalculator } from './riffle-deal-calculator.component.js';

export * from './riffle-deal-calculator.component.js';
export default RiffleDealCalculator;

if (!customElements.get('riffle-deal-calculator')) customElements.define('riffle-deal-calculator', RiffleDealCalculator);

declare global {
  interface HTMLElementTagNameMap {
    'riffle-deal-calculator': RiffleDealCalculator;
  }
}
