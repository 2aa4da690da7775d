import { RifflePlayerMerge } from './riffle-player-merge.component.js';

export { RifflePlayerMerge };

if (!customElements.get('riffle-player-merge')) customElements.define('riffle-player-merge', RifflePlayerMerge);

declare global {
  interface HTMLElementTagNameMap {
    'riffle-player-merge': RifflePlayerMerge;
  }
}
