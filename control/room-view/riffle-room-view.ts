import { RiffleRoomView } from './riffle-room-view.component.js';

export * from './riffle-room-view.component.js';
export default RiffleRoomView;

if (!customElements.get('riffle-room-view')) customElements.define('riffle-room-view', RiffleRoomView);

declare global {
  interface HTMLElementTagNameMap {
    'riffle-room-view': RiffleRoomView;
  }
}
