/** Bundle entry of the leaderboard overlay (/overlay/:id/leaderboard): defines <riffle-overlay-leaderboard>. */
import { RiffleOverlayLeaderboard } from './riffle-overlay-leaderboard.component.js';

export * from './riffle-overlay-leaderboard.component.js';
export default RiffleOverlayLeaderboard;

if (!customElements.get('riffle-overlay-leaderboard')) customElements.define('riffle-overlay-leaderboard', RiffleOverlayLeaderboard);

declare global {
  interface HTMLElementTagNameMap {
    'riffle-overlay-leaderboard': RiffleOverlayLeaderboard;
  }
}
