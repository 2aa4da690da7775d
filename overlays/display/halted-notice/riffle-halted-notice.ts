import { RiffleHaltedNotice } from './riffle-halted-notice.component.js';

export * from './riffle-halted-notice.component.js';
export default RiffleHaltedNotice;

if (!customElements.get('riffle-halted-notice')) customElements.define('riffle-halted-notice', RiffleHaltedNotice);

declare global {
  interface HTMLElementTagNameMap {
    'riffle-halted-notice': RiffleHaltedNotice;
  }
}
