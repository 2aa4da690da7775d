import { RiffleDayNotice } from './riffle-day-notice.component.js';

export * from './riffle-day-notice.component.js';
export default RiffleDayNotice;

if (!customElements.get('riffle-day-notice')) customElements.define('riffle-day-notice', RiffleDayNotice);

declare global {
  interface HTMLElementTagNameMap {
    'riffle-day-notice': RiffleDayNotice;
  }
}
