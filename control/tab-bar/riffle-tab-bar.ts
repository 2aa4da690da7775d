import { RiffleTabBar } from './riffle-tab-bar.component.js';

export * from './riffle-tab-bar.component.js';
export default RiffleTabBar;

if (!customElements.get('riffle-tab-bar')) customElements.define('riffle-tab-bar', RiffleTabBar);

declare global {
  interface HTMLElementTagNameMap {
    'riffle-tab-bar': RiffleTabBar;
  }
}
