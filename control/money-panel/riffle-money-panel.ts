import { RiffleMoneyPanel } from './riffle-money-panel.component.js';

export * from './riffle-money-panel.component.js';
export default RiffleMoneyPanel;

if (!customElements.get('riffle-money-panel')) customElements.define('riffle-money-panel', RiffleMoneyPanel);

declare global {
  interface HTMLElementTagNameMap {
    'riffle-money-panel': RiffleMoneyPanel;
  }
}
