import { html, LitElement, nothing } from 'lit';
import { state } from 'lit/decorators.js';
import { pageConnection } from '../../client/connection.js';
import type { TournamentFeed } from '../../client/collections.js';
import { chooseLanguage, localizerFor, type Localizer } from '../../web/lib/i18n.js';
import { SEAT_TEXTS } from './texts.js';
import { SEAT_QUERY_MAX, SEAT_QUERY_MIN, type SeatLookupAnswer, type SeatMatch } from '../../server/protocol/seat-lookup.js';
import type { ErrorBody } from '../../client/messages.js';
import { tokens } from '../../web/lib/theme.js';
import { errorText } from '../../web/lib/error-text.js';
import styles from './riffle-seat.styles.js';

/** The tournament id of a `/seat/:id` address, or null. */
export function tournamentFromSeatPath(pathname: string): string | null {
  const match = /^\/seat\/([^/]+)\/?$/.exec(pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

export type { SeatMatch };

/** How long typing rests before the page asks (one request per pause, not per key). */
const ASK_AFTER_MS = 200;
/** A shown answer is asked again this often too (a seat draw changes no topic the page follows). */
const REFRESH_MS = 30_000;

/**
 * @summary The public seat lookup: a player types his name and sees his table and seat.
 *
 * Asks the server for the players whose name holds the letters typed (`GET
 * /api/tournaments/:id/seat?q=`: at most 10 names, a few hundred bytes whatever the field's size)
 * and never follows the seating or players topics (megabytes at 10,000 entries). It follows the
 * small `info`, `moves` and `field` topics only to ask again when something changed, so a seat
 * changed by a balance move or a table break shows at once. Shows names, tables and seats only
 * (and the place of a player who is out).
 */
export class RiffleSeat extends LitElement {
  static override styles = [tokens, styles];

  @state() private feed: TournamentFeed | null = null;
  @state() private query = '';
  /** The answer to `asked` (null before the first). */
  @state() private answer: { query: string; matches: SeatMatch[]; more: boolean } | null = null;
  @state() private failed: ErrorBody | null = null;
  private asked = '';
  private askTimer: ReturnType<typeof setTimeout> | undefined;
  private refreshTimer: ReturnType<typeof setInterval> | undefined;
  private seenSeq = 0;

  private readonly tournament = tournamentFromSeatPath(location.pathname);
  private cleanups: Array<() => void> = [];

  override connectedCallback(): void {
    super.connectedCallback();
    if (this.tournament) {
      this.cleanups.push(
        pageConnection().subscribe(this.tournament, ['info', 'moves', 'field'], (feed) => {
          this.feed = feed;
          // Something changed in the room: the shown answer is asked again.
          if (feed.seq !== this.seenSeq) {
            this.seenSeq = feed.seq;
            if (this.answer) void this.ask(this.asked);
          }
        }),
      );
      this.refreshTimer = setInterval(() => {
        if (this.answer && document.visibilityState === 'visible') void this.ask(this.asked);
      }, REFRESH_MS);
    }
  }

  private typed(value: string): void {
    this.query = value;
    clearTimeout(this.askTimer);
    const q = value.trim();
    if ([...q].length < SEAT_QUERY_MIN) {
      this.asked = '';
      this.answer = null;
      return;
    }
    this.askTimer = setTimeout(() => void this.ask(q), ASK_AFTER_MS);
  }

  /** One lookup; an answer to an older query than the one shown last is dropped. */
  private async ask(q: string): Promise<void> {
    if (!this.tournament || !q) return;
    this.asked = q;
    try {
      const res = await fetch(`/api/tournaments/${encodeURIComponent(this.tournament)}/seat?q=${encodeURIComponent(q)}`);
      const body = (await res.json()) as SeatLookupAnswer | { ok: false; error: ErrorBody };
      if (q !== this.asked) return;
      if (body.ok) {
        this.answer = { query: q, matches: body.matches, more: body.more };
        this.failed = null;
      } else {
        this.failed = body.error;
      }
    } catch {
      if (q === this.asked) this.failed = { code: 'network-error', message: 'The server could not be reached.' };
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    clearTimeout(this.askTimer);
    clearInterval(this.refreshTimer);
  }

  private get l10n(): Localizer {
    return localizerFor(chooseLanguage(location.search, this.feed?.state.info?.locale), SEAT_TEXTS, () => this.requestUpdate());
  }

  override render() {
    const l10n = this.l10n;
    const info = this.feed?.state.info;
    return html`<main>
      <h1>${l10n.t('seating.findSeat')}</h1>
      ${info ? html`<p class="name">${info.name}</p>` : nothing}
      <label for="q">${l10n.t('seating.searchLabel')}</label>
      <input
        id="q"
        type="search"
        autocomplete="off"
        .value=${this.query}
        maxlength=${SEAT_QUERY_MAX}
        placeholder=${l10n.t('seating.searchPlaceholder')}
        @input=${(e: Event) => this.typed((e.target as HTMLInputElement).value)}
      />
      ${this.results(l10n)}
    </main>`;
  }

  /** "Not in play: 14th" ("Not in play" alone while the place is not known). */
  private outText(l10n: Localizer, out: NonNullable<SeatMatch['out']>): string {
    return out.place === undefined ? l10n.t('seating.busted') : l10n.t('seating.bustedPlace', { place: l10n.place(out.place, out.placeTo) });
  }

  private results(l10n: Localizer) {
    if (this.feed?.status === 'error') return html`<p class="hint" role="alert">${this.feed.error ? errorText(l10n, this.feed.error) : ''}</p>`;
    if ([...this.query.trim()].length < SEAT_QUERY_MIN) return html`<p class="hint">${l10n.t('seating.typeMore')}</p>`;
    if (this.failed) return html`<p class="hint" role="alert">${errorText(l10n, this.failed)}</p>`;
    // Until the first answer comes: nothing rather than "no player found".
    if (!this.answer) return nothing;
    const found = this.answer.matches;
    if (found.length === 0) return html`<p class="hint" role="status">${l10n.t('seating.noMatch')}</p>`;
    // The tournament is over: its winner (still in play, 1st) is marked as such, not sent to a seat.
    const winner = this.feed?.state.field?.winner?.name;
    return html`<ul role="status">
      ${found.map(
        (m) => html`<li class=${!m.out && m.name === winner ? 'won' : ''}>
          <div class="who">${m.name}</div>
          <div class="where ${m.out ? 'out' : ''}">
            ${m.out
              ? this.outText(l10n, m.out)
              : m.name === winner
                ? html`<span data-role="winner">${l10n.t('display.results.winner')}</span>`
                : m.table === null
                  ? l10n.t('seating.notSeated')
                  : l10n.t('seating.tableSeat', { table: m.table, seat: m.seat })}
          </div>
        </li>`,
      )}
    </ul>
    ${this.answer.more ? html`<p class="hint">${l10n.t('seating.moreMatches')}</p>` : nothing}`;
  }
}
