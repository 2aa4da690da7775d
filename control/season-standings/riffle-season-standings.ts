import { RiffleSeasonStandings } from './riffle-season-standings.component.js';

export { RiffleSeasonStandings };

if (!customElements.get('riffle-season-standings')) customElements.define('riffle-season-standings', RiffleSeasonStandings);

declare global {
  interface HTMLElementTagNameMap {
    'riffle-season-standings': RiffleSeasonStandings;
  }
}
