/**
 * Where the league screens ask `<riffle-leagues>` to go: the list of leagues, a season's
 * standings, its editor, or a new season of a league; with a message to show there and
 * whether the leagues must be read again (a season was saved).
 */
export type LeagueNav = ({ to: 'list' } | { to: 'season'; league: string; season: string } | { to: 'edit'; league: string; season: string } | { to: 'new-season'; league: string }) & {
  message?: string;
  reload?: boolean;
};

export type LeagueNavEvent = CustomEvent<LeagueNav>;

export function fireLeagueNav(from: HTMLElement, nav: LeagueNav): void {
  from.dispatchEvent(new CustomEvent('riffle-league-nav', { detail: nav, bubbles: true, composed: true }));
}

declare global {
  interface HTMLElementEventMap {
    'riffle-league-nav': LeagueNavEvent;
  }
}
