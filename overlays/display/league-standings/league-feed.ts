/**
 * The standings a venue screen shows (issue 27): `GET /api/tournaments/:id/league` at once and
 * every minute, until the returned stop function runs. A failed read keeps what was shown; a
 * tournament in no season gives null.
 */
import type { StandingsView } from '../../../server/protocol/leagues.js';

export const LEAGUE_REFRESH_MS = 60_000;

export function leagueFeed(tournament: string, rows: number, onChange: (standings: StandingsView | null) => void): () => void {
  let last = '';
  let stopped = false;
  const read = async () => {
    try {
      const res = await fetch(`/api/tournaments/${encodeURIComponent(tournament)}/league?top=${rows}`);
      if (!res.ok || stopped) return;
      const text = await res.text();
      if (text === last) return;
      last = text;
      const body = JSON.parse(text) as StandingsView | { season: null };
      onChange(body.season === null ? null : (body as StandingsView));
    } catch {
      /* offline: keep what is shown */
    }
  };
  void read();
  const timer = setInterval(() => void read(), LEAGUE_REFRESH_MS);
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
