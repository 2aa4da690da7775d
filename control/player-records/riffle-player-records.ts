import { RifflePlayerRecords } from './riffle-player-records.component.js';

export { RifflePlayerRecords };

if (!customElements.get('riffle-player-records')) customElements.define('riffle-player-records', RifflePlayerRecords);

declare global {
  interface HTMLElementTagNameMap {
    'riffle-player-records': RifflePlayerRecords;
  }
}
