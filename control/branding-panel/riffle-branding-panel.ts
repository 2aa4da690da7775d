import { RiffleBrandingPanel } from './riffle-branding-panel.component.js';

export { RiffleBrandingPanel };

if (!customElements.get('riffle-branding-panel')) customElements.define('riffle-branding-panel', RiffleBrandingPanel);

declare global {
  interface HTMLElementTagNameMap {
    'riffle-branding-panel': RiffleBrandingPanel;
  }
}
