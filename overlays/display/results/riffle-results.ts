import { RiffleResults } from './riffle-results.component.js';

export * from './riffle-results.component.js';
export default RiffleResults;

if (!customElements.get('riffle-results')) customElements.define('riffle-results', RiffleResults);

declare global {
  interface HTMLElementTagNameMap {
    'riffle-results': RiffleResults;
  }
}
