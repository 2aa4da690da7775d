import { RiffleLeagues } from './riffle-leagues.component.js';

export { RiffleLeagues };

if (!customElements.get('riffle-leagues')) customElements.define('riffle-leagues', RiffleLeagues);

declare global {
  interface HTMLElementTagNameMap {
    'riffle-leagues': RiffleLeagues;
  }
}
