import { RiffleFormulaEditor } from './riffle-formula-editor.component.js';

export { RiffleFormulaEditor };

if (!customElements.get('riffle-formula-editor')) customElements.define('riffle-formula-editor', RiffleFormulaEditor);

declare global {
  interface HTMLElementTagNameMap {
    'riffle-formula-editor': RiffleFormulaEditor;
  }
}
