/**
 * A league season for screen tests (issue 27): a finished night of `names` (the first wins, the
 * last is out first), and a season of that night and `tournament`, scored n - p + 1, so the
 * screens of `tournament` have standings to show: names[0] first with `names.length` points.
 */
import { TEST_ADMIN_TOKEN, type TestServer } from './server.js';

export async function seasonWith(
  server: TestServer,
  tournament: string,
  names: readonly string[],
  options: { league?: string; season?: string; bestOf?: number | null; display?: 'full' | 'initials' | 'nickname' } = {},
): Promise<{ league: string; season: string; night: string }> {
  const night = await server.createTournament();
  for (const name of names) await server.ok(night, { type: 'entry.add', name });
  for (let i = names.length; i > 1; i--) await server.ok(night, { type: 'entry.bust', entryIds: [`e${i}`] });
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${TEST_ADMIN_TOKEN}` }, body: JSON.stringify(body) });
    if (res.status !== 201) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as any;
  };
  const league = (await post('/api/leagues', { name: options.league ?? 'Thursday Night League', names: options.display ?? 'full' })).league.id as string;
  const season = (await post(`/api/leagues/${league}/seasons`, { name: options.season ?? 'Autumn 2026', tournaments: [night, tournament], formula: { kind: 'linear' }, bestOf: options.bestOf ?? null })).season
    .id as string;
  return { league, season, night };
}
