import { RiffleClockFace } from './riffle-clock-face.component.js';

export * from './riffle-clock-face.component.js';
export default RiffleClockFace;

if (!customElements.get('riffle-clock-face')) customElements.define('riffle-clock-face', RiffleClockFace);

declare global {
  interface HTMLElementTagNameMap {
    'riffle-clock-face': RiffleClockFace;
  }
}
