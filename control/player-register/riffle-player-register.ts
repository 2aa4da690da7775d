import { RifflePlayerRegister } from './riffle-player-register.component.js';

export * from './riffle-player-register.component.js';
export default RifflePlayerRegister;

if (!customElements.get('riffle-player-register')) customElements.define('riffle-player-register', RifflePlayerRegister);

declare global {
  interface HTMLElementTagNameMap {
    'riffle-player-register': RifflePlayerRegister;
  }
}
