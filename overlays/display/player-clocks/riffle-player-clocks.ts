import { RifflePlayerClocks } from './riffle-player-clocks.component.js';

export * from './riffle-player-clocks.component.js';
export default RifflePlayerClocks;

if (!customElements.get('riffle-player-clocks')) customElements.define('riffle-player-clocks', RifflePlayerClocks);

declare global {
  interface HTMLElementTagNameMap {
    'riffle-player-clocks': RifflePlayerClocks;
  }
}
