/** Bundle entry of the featured-table overlay (/overlay/:id/table): defines <riffle-overlay-table>. */
import { RiffleOverlayTable } from './riffle-overlay-table.component.js';

export * from './riffle-overlay-table.component.js';
export default RiffleOverlayTable;

if (!customElements.get('riffle-overlay-table')) customElements.define('riffle-overlay-table', RiffleOverlayTable);

declare global {
  interface HTMLElementTagNameMap {
    'riffle-overlay-table': RiffleOverlayTable;
  }
}
