import { RiffleStructureEditor } from './riffle-structure-editor.component.js';

export * from './riffle-structure-editor.component.js';
export default RiffleStructureEditor;

if (!customElements.get('riffle-structure-editor')) customElements.define('riffle-structure-editor', RiffleStructureEditor);

declare global {
  interface HTMLElementTagNameMap {
    'riffle-structure-editor': RiffleStructureEditor;
  }
  interface HTMLElementEventMap {
    'riffle-structure-change': import('./riffle-structure-editor.component.js').StructureChangeEvent;
  }
}
