import { RifflePlayerRecord } from './riffle-player-record.component.js';

export { RifflePlayerRecord };

if (!customElements.get('riffle-player-record')) customElements.define('riffle-player-record', RifflePlayerRecord);

declare global {
  interface HTMLElementTagNameMap {
    'riffle-player-record': RifflePlayerRecord;
  }
}
