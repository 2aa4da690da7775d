/** Bundle entry of the control panel page (/control): defines <riffle-control>. */
import { RiffleControl } from './riffle-control.component.js';

export * from './riffle-control.component.js';
export default RiffleControl;

if (!customElements.get('riffle-control')) customElements.define('riffle-control', RiffleControl);

declare global {
  interface HTMLElementTagNameMap {
    'riffle-control': RiffleControl;
  }
}
