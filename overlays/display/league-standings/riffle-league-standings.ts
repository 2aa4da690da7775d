import { RiffleLeagueStandings } from './riffle-league-standings.component.js';

export * from './riffle-league-standings.component.js';
export default RiffleLeagueStandings;

if (!customElements.get('riffle-league-standings')) customElements.define('riffle-league-standings', RiffleLeagueStandings);

declare global {
  interface HTMLElementTagNameMap {
    'riffle-league-standings': RiffleLeagueStandings;
  }
}
