import { RifflePinLogin } from './riffle-pin-login.component.js';

export * from './riffle-pin-login.component.js';
export default RifflePinLogin;

if (!customElements.get('riffle-pin-login')) customElements.define('riffle-pin-login', RifflePinLogin);

declare global {
  interface HTMLElementTagNameMap {
    'riffle-pin-login': RifflePinLogin;
  }
}
