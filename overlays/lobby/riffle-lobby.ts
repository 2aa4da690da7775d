/** Bundle entry of the lobby page (/lobby): defines <riffle-lobby>. */
import { RiffleLobby } from './riffle-lobby.component.js';

export * from './riffle-lobby.component.js';
export default RiffleLobby;

if (!customElements.get('riffle-lobby')) customElements.define('riffle-lobby', RiffleLobby);

declare global {
  interface HTMLElementTagNameMap {
    'riffle-lobby': RiffleLobby;
  }
}
