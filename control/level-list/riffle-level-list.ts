import { RiffleLevelList } from './riffle-level-list.component.js';

export * from './riffle-level-list.component.js';
export default RiffleLevelList;

if (!customElements.get('riffle-level-list')) customElements.define('riffle-level-list', RiffleLevelList);

declare global {
  interface HTMLElementTagNameMap {
    'riffle-level-list': RiffleLevelList;
  }
}
