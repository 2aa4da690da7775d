import { RiffleClockPanel } from './riffle-clock-panel.component.js';

export * from './riffle-clock-panel.component.js';
export default RiffleClockPanel;

if (!customElements.get('riffle-clock-panel')) customElements.define('riffle-clock-panel', RiffleClockPanel);

declare global {
  interface HTMLElementTagNameMap {
    'riffle-clock-panel': RiffleClockPanel;
  }
}
