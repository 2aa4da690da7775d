import { html, LitElement, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { Localizer } from '../../web/lib/i18n.js';
import { flag } from '../../overlays/stream/lib/flag.js';
import { PLAYERS_EXPORT } from '../../client/players-api.js';
import { venueStyles } from '../venue-styles.js';
import { PlayerSearch } from './player-search.js';
import type { RecordDoneEvent } from './record-events.js';
import '../player-record/riffle-player-record.js';
import '../player-import/riffle-player-import.js';

/**
 * @summary The venue's player records on the TD's phone (set-up: Players): find a player by a
 *   few letters of a name or nickname, open his record (edit, photo, merge, erase:
 *   `<riffle-player-record>`), import a CSV with a preview line by line
 *   (`<riffle-player-import>`), and export every record.
 */
export class RifflePlayerRecords extends LitElement {
  static override styles = venueStyles;

  @property({ attribute: false }) l10n!: Localizer;
  /** The record open, or null for the list. */
  @state() private open: string | null = null;
  @state() private message: string | null = null;
  private readonly search = new PlayerSearch(this);

  override render() {
    const l10n = this.l10n;
    if (!l10n) return nothing;
    if (this.open) {
      return html`<riffle-player-record .l10n=${l10n} .playerId=${this.open} @riffle-record-done=${(e: RecordDoneEvent) => this.recordDone(e)}></riffle-player-record>`;
    }
    const { found, query, more } = this.search;
    return html`
      ${this.message ? html`<p class="ok" role="status" data-role="records-message">${this.message}</p>` : nothing}
      <section class="card" data-role="find">
        <label>
          <span>${l10n.t('players.db.search')}</span>
          <input type="search" name="q" autocomplete="off" enterkeyhint="search" .value=${query} @input=${(e: Event) => this.search.type((e.target as HTMLInputElement).value)} />
        </label>
        ${found === null
          ? html`<p class="hint">${l10n.t('players.db.searchHint')}</p>`
          : found.length === 0
            ? html`<p class="hint" data-role="no-match">${l10n.t('players.db.none', { query })}</p>`
            : html`<ul class="list" data-role="found">
                ${found.map(
                  (p) => html`<li>
                    <button type="button" class="item" data-player=${p.id} @click=${() => this.show(p.id)}>
                      <span class="flag">${flag(p.country)}</span>
                      <span class="name">${p.name}${p.nickname ? html` <small class="nick">“${p.nickname}”</small>` : nothing}</span>
                    </button>
                  </li>`,
                )}
                ${more ? html`<li class="hint">${l10n.t('players.more')}</li>` : nothing}
              </ul>`}
      </section>
      <riffle-player-import .l10n=${l10n} @riffle-imported=${() => void this.search.ask()}></riffle-player-import>
      <a class="button" data-action="export" href=${PLAYERS_EXPORT} download="players.csv">${l10n.t('players.db.export')}</a>
    `;
  }

  private show(id: string): void {
    this.message = null;
    this.open = id;
  }

  private recordDone(e: RecordDoneEvent): void {
    this.message = e.detail.message ?? null;
    this.open = e.detail.open ?? null;
    void this.search.ask();
  }
}
