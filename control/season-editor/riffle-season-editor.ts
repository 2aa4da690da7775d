import { RiffleSeasonEditor } from './riffle-season-editor.component.js';

export { RiffleSeasonEditor };

if (!customElements.get('riffle-season-editor')) customElements.define('riffle-season-editor', RiffleSeasonEditor);

declare global {
  interface HTMLElementTagNameMap {
    'riffle-season-editor': RiffleSeasonEditor;
  }
}
