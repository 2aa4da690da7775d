import { RifflePlayerImport } from './riffle-player-import.component.js';

export { RifflePlayerImport };

if (!customElements.get('riffle-player-import')) customElements.define('riffle-player-import', RifflePlayerImport);

declare global {
  interface HTMLElementTagNameMap {
    'riffle-player-import': RifflePlayerImport;
  }
}
