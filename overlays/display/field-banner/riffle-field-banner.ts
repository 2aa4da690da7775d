import { RiffleFieldBanner } from './riffle-field-banner.component.js';

export * from './riffle-field-banner.component.js';
export default RiffleFieldBanner;

if (!customElements.get('riffle-field-banner')) customElements.define('riffle-field-banner', RiffleFieldBanner);

declare global {
  interface HTMLElementTagNameMap {
    'riffle-field-banner': RiffleFieldBanner;
  }
}
