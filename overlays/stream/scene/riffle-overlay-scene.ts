/** Bundle entry of the scene overlay (/overlay/:id/scene): defines <riffle-overlay-scene>. */
import { RiffleOverlayScene } from './riffle-overlay-scene.component.js';

export * from './riffle-overlay-scene.component.js';
export default RiffleOverlayScene;

if (!customElements.get('riffle-overlay-scene')) customElements.define('riffle-overlay-scene', RiffleOverlayScene);

declare global {
  interface HTMLElementTagNameMap {
    'riffle-overlay-scene': RiffleOverlayScene;
  }
}
