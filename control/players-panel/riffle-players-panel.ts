import { RifflePlayersPanel } from './riffle-players-panel.component.js';

export * from './riffle-players-panel.component.js';
export default RifflePlayersPanel;

if (!customElements.get('riffle-players-panel')) customElements.define('riffle-players-panel', RifflePlayersPanel);

declare global {
  interface HTMLElementTagNameMap {
    'riffle-players-panel': RifflePlayersPanel;
  }
}
