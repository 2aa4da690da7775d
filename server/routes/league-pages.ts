/**
 * The public league pages players open on their phones (issue 27 item 4): a season's standings
 * and a player's results, rendered on the server as plain HTML (no script: they load at once on
 * a bar's Wi-Fi, and sit under the server's CSP with one inline style). Everything written into
 * the page is escaped; names as the league shows them (names.ts), never contact details.
 *
 * `/league/:id` (the latest season, or `?season=`), `/league/:id/:season/player/:player`.
 * Language: `?lang=xx`, else the first listed tournament's, else English.
 */
import { Hono } from 'hono';
import type { Deps, Env } from './context.js';
import type { leaguesModule } from './leagues.js';
import { isLeaguesLanguage, leaguesText, type LeaguesKey, type LeaguesLanguage } from '../../overlays/lib/locales/leagues/index.js';
import type { LeagueView, StandingsRow, StandingsView } from '../protocol/leagues.js';
import type { SeasonRecord } from '../leagues/store.js';

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const STYLE = `
body{margin:0;background:#0b0f17;color:#eef2f8;font:16px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:960px;margin:0 auto;padding:16px}
h1{font-size:1.5rem;margin:.2em 0}
p.note{color:#9aa7ba;margin:.2em 0 .8em}
table{width:100%;border-collapse:collapse;table-layout:fixed}
th,td{padding:8px 6px;text-align:right;border-bottom:1px solid #1f2736;white-space:nowrap}
th{color:#9aa7ba;font-weight:600;font-size:.85rem}
th.name,td.name{text-align:left;width:auto;white-space:normal;overflow-wrap:anywhere}
table.results{table-layout:auto}
table.results td.pts{width:auto;white-space:normal}
td.rank,th.rank{width:2.5em}
td.pts,th.pts{width:4.5em;font-weight:700}
a{color:#7cc4ff;text-decoration:none}
.dropped{color:#6b778a}
.more{width:4.5em}
@media (max-width:560px){.more{display:none}}
nav{margin-top:16px;display:flex;gap:16px;flex-wrap:wrap}
`;

function page(lang: LeaguesLanguage, title: string, body: string): string {
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="dark">
<title>${escape(title)} · Riffle</title>
<link rel="icon" href="data:,">
<style>${STYLE}</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

export function leaguePageRoutes({ registry }: Deps, leagues: ReturnType<typeof leaguesModule>) {
  const { store } = leagues;
  const languageOf = (query: string | undefined, season: SeasonRecord | null): LeaguesLanguage => {
    const asked = query?.toLowerCase();
    if (isLeaguesLanguage(asked)) return asked;
    const locale = season?.tournaments.map((id) => registry.get(id)?.state.settings.locale).find(Boolean);
    return isLeaguesLanguage(locale) ? locale : 'en';
  };
  const numberIn = (lang: LeaguesLanguage) => new Intl.NumberFormat(lang, { maximumFractionDigits: 2 });

  const notFound = (lang: LeaguesLanguage, key: LeaguesKey) => page(lang, leaguesText(lang, 'standings'), `<h1>${escape(leaguesText(lang, key))}</h1>`);

  /** The season asked for, or the league's latest. */
  const find = (id: string, seasonId: string | undefined): { league: LeagueView; season: SeasonRecord } | null => {
    const league = store.get(id);
    if (!league) return null;
    const chosen = seasonId ?? league.seasons.at(-1)?.id;
    const season = chosen ? store.season(league.id, chosen) : null;
    return season ? { league, season } : null;
  };

  const heading = (lang: LeaguesLanguage, view: StandingsView) => {
    const t = (key: LeaguesKey, v?: Record<string, string | number>) => escape(leaguesText(lang, key, v));
    const rule = view.season.bestOf ? t('bestOf', { count: view.season.bestOf, total: view.season.tournaments }) : t('allCount');
    return `<h1>${t('seasonTitle', { league: view.league.name, season: view.season.name })}</h1>
<p class="note">${t('standings')} · ${rule}${view.provisional ? ` · ${t('provisional')}` : ''}</p>`;
  };

  return new Hono<Env>()
    .get('/league/:id', (c) => {
      const found = find(c.req.param('id'), c.req.query('season'));
      const lang = languageOf(c.req.query('lang'), found?.season ?? null);
      if (!found) return c.html(notFound(lang, 'unknownLeague'), 404);
      const view = leagues.standingsOf(c, found.league, found.season);
      if (view instanceof Response) return view;
      const pub = leagues.publicView(found.league, view);
      const t = (key: LeaguesKey, v?: Record<string, string | number>) => escape(leaguesText(lang, key, v));
      const num = numberIn(lang);
      const base = `/league/${encodeURIComponent(found.league.id)}/${encodeURIComponent(found.season.id)}`;
      const row = (r: StandingsRow) =>
        `<tr><td class="rank">${r.rank}</td><td class="name"><a href="${base}/player/${escape(r.key)}?lang=${lang}">${escape(r.name)}</a></td><td class="pts">${num.format(r.points)}</td><td class="more">${r.played}</td><td class="more">${r.wins}</td><td class="more">${r.cashes}</td></tr>`;
      const table = pub.rows.length
        ? `<table><thead><tr><th class="rank">${t('rank')}</th><th class="name">${t('player')}</th><th class="pts">${t('points')}</th><th class="more">${t('played')}</th><th class="more">${t('wins')}</th><th class="more">${t('cashes')}</th></tr></thead><tbody>${pub.rows.map(row).join('')}</tbody></table>`
        : `<p>${t('noResults')}</p>`;
      const seasons = found.league.seasons.length > 1
        ? `<nav>${t('seasons')}: ${found.league.seasons.map((s) => `<a href="/league/${encodeURIComponent(found.league.id)}?season=${encodeURIComponent(s.id)}&amp;lang=${lang}">${escape(s.name)}</a>`).join(' ')}</nav>`
        : '';
      const csv = `<nav><a href="/api/leagues/${encodeURIComponent(found.league.id)}/seasons/${encodeURIComponent(found.season.id)}/standings.csv">${t('csv')}</a></nav>`;
      c.header('Cache-Control', 'no-cache');
      return c.html(page(lang, `${found.league.name} · ${found.season.name}`, `${heading(lang, pub)}${table}${csv}${seasons}`));
    })
    .get('/league/:id/:season/player/:player', (c) => {
      const found = find(c.req.param('id'), c.req.param('season'));
      const lang = languageOf(c.req.query('lang'), found?.season ?? null);
      if (!found) return c.html(notFound(lang, 'unknownLeague'), 404);
      const view = leagues.standingsOf(c, found.league, found.season);
      if (view instanceof Response) return view;
      const pub = leagues.publicView(found.league, view);
      const r = pub.rows.find((x) => x.key === c.req.param('player'));
      if (!r) return c.html(notFound(lang, 'unknownPlayer'), 404);
      const t = (key: LeaguesKey, v?: Record<string, string | number>) => escape(leaguesText(lang, key, v));
      const num = numberIn(lang);
      const money = (cents: number, id: string) => {
        const currency = registry.get(id)?.state.settings.currency;
        try {
          return currency ? new Intl.NumberFormat(lang, { style: 'currency', currency }).format(cents / 100) : num.format(cents / 100);
        } catch {
          return num.format(cents / 100);
        }
      };
      const place = (x: StandingsRow['results'][number]) => (x.place === null ? t('inPlay') : x.placeTo && x.placeTo > x.place ? `${x.place}-${x.placeTo}` : String(x.place));
      const lines = r.results
        .map((x) => {
          const name = registry.get(x.tournamentId)?.state.settings.name ?? x.tournamentId;
          const pts = x.counted ? num.format(x.points) : `<span class="dropped">(${num.format(x.points)}) ${t('notCounted')}</span>`;
          return `<tr><td class="name">${escape(name)}</td><td>${place(x)}</td><td>${x.prize ? money(x.prize, x.tournamentId) : ''}</td><td class="pts">${pts}</td></tr>`;
        })
        .join('');
      const body = `${heading(lang, pub)}
<h1>${t('playerTitle', { name: r.name })}</h1>
<p class="note">${t('rankOf', { rank: r.rank, count: pub.rows.length })} · ${num.format(r.points)} ${t('pointsShort')}</p>
<table class="results"><thead><tr><th class="name">${t('tournament')}</th><th>${t('place')}</th><th>${t('prize')}</th><th class="pts">${t('points')}</th></tr></thead><tbody>${lines}</tbody></table>
<nav><a href="/league/${encodeURIComponent(found.league.id)}?season=${encodeURIComponent(found.season.id)}&amp;lang=${lang}">${t('back')}</a></nav>`;
      c.header('Cache-Control', 'no-cache');
      return c.html(page(lang, r.name, body));
    });
}
