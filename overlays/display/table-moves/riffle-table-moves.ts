import { RiffleTableMoves } from './riffle-table-moves.component.js';

export * from './riffle-table-moves.component.js';
export default RiffleTableMoves;

if (!customElements.get('riffle-table-moves')) customElements.define('riffle-table-moves', RiffleTableMoves);

declare global {
  interface HTMLElementTagNameMap {
    'riffle-table-moves': RiffleTableMoves;
  }
}
