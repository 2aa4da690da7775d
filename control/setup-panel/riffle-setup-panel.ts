import { RiffleSetupPanel } from './riffle-setup-panel.component.js';

export * from './riffle-setup-panel.component.js';
export default RiffleSetupPanel;

if (!customElements.get('riffle-setup-panel')) customElements.define('riffle-setup-panel', RiffleSetupPanel);

declare global {
  interface HTMLElementTagNameMap {
    'riffle-setup-panel': RiffleSetupPanel;
  }
}
