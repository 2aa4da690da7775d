import { RiffleDayPanel } from './riffle-day-panel.component.js';

export * from './riffle-day-panel.component.js';
export default RiffleDayPanel;

if (!customElements.get('riffle-day-panel')) customElements.define('riffle-day-panel', RiffleDayPanel);

declare global {
  interface HTMLElementTagNameMap {
    'riffle-day-panel': RiffleDayPanel;
  }
}
