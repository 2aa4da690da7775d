import { RiffleStreamPanel } from './riffle-stream-panel.component.js';

export * from './riffle-stream-panel.component.js';
export default RiffleStreamPanel;

if (!customElements.get('riffle-stream-panel')) customElements.define('riffle-stream-panel', RiffleStreamPanel);

declare global {
  interface HTMLElementTagNameMap {
    'riffle-stream-panel': RiffleStreamPanel;
  }
}
