import { RiffleFormatSetup, type FormatDraftEvent } from './riffle-format-setup.component.js';

export * from './riffle-format-setup.component.js';
export default RiffleFormatSetup;

if (!customElements.get('riffle-format-setup')) customElements.define('riffle-format-setup', RiffleFormatSetup);

declare global {
  interface HTMLElementTagNameMap {
    'riffle-format-setup': RiffleFormatSetup;
  }
  interface HTMLElementEventMap {
    'riffle-format-draft': FormatDraftEvent;
  }
}
