import { RiffleBountyBoard } from './riffle-bounty-board.component.js';

export * from './riffle-bounty-board.component.js';
export default RiffleBountyBoard;

if (!customElements.get('riffle-bounty-board')) customElements.define('riffle-bounty-board', RiffleBountyBoard);

declare global {
  interface HTMLElementTagNameMap {
    'riffle-bounty-board': RiffleBountyBoard;
  }
}
