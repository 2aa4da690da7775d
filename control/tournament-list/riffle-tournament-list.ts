import { RiffleTournamentList } from './riffle-tournament-list.component.js';

export * from './riffle-tournament-list.component.js';
export default RiffleTournamentList;

if (!customElements.get('riffle-tournament-list')) customElements.define('riffle-tournament-list', RiffleTournamentList);

declare global {
  interface HTMLElementTagNameMap {
    'riffle-tournament-list': RiffleTournamentList;
  }
}
