import { html, LitElement, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { Localizer } from '../../web/lib/i18n.js';
import { errorText } from '../../web/lib/error-text.js';
import { flag } from '../../overlays/stream/lib/flag.js';
import { fetchPlayer, mergePlayer, type PlayerWithResults } from '../../client/players-api.js';
import { venueStyles } from '../venue-styles.js';
import { PlayerSearch } from '../player-records/player-search.js';
import { historyList } from '../player-record/history.js';

export interface MergeDone {
  into: string;
  message: string;
}

/**
 * @summary Two records of one player made one (`POST /api/players/:id/merge`): the TD finds the
 *   other record, sees both with their tournaments, chooses the one to keep, and confirms. The
 *   kept record takes what it lacks from the other and both notes; the other's tournaments count
 *   as the kept one's.
 * @event riffle-merge-cancel - the TD went back without merging.
 * @event riffle-merged - `{into, message}`: merged, `into` the record kept.
 */
export class RifflePlayerMerge extends LitElement {
  static override styles = venueStyles;

  @property({ attribute: false }) l10n!: Localizer;
  /** The record the merge started from. */
  @property({ attribute: false }) record!: PlayerWithResults;
  @state() private other: PlayerWithResults | null = null;
  @state() private keep: 'this' | 'other' = 'this';
  @state() private error: string | null = null;
  @state() private busy = false;
  private readonly search = new PlayerSearch(this);

  override render() {
    const l10n = this.l10n;
    if (!l10n || !this.record) return nothing;
    const found = (this.search.found ?? []).filter((p) => p.id !== this.record.player.id);
    const kept = this.keep === 'this' ? this.record : this.other;
    return html`<section class="card" data-role="merge">
      <h2>${l10n.t('players.db.merge.start')}</h2>
      ${this.error ? html`<p class="issue" role="alert">${this.error}</p>` : nothing}
      <label>
        <span>${l10n.t('players.db.merge.find')}</span>
        <input type="search" name="other" autocomplete="off" .value=${this.search.query} @input=${(e: Event) => this.search.type((e.target as HTMLInputElement).value)} />
      </label>
      ${this.search.found && !this.other
        ? html`<ul class="list" data-role="merge-found">
            ${found.map(
              (p) => html`<li>
                <button type="button" class="item" data-player=${p.id} @click=${() => void this.choose(p.id)}>
                  <span class="flag">${flag(p.country)}</span>
                  <span class="name">${p.name}${p.nickname ? html` <small class="nick">“${p.nickname}”</small>` : nothing}</span>
                </button>
              </li>`,
            )}
            ${found.length === 0 ? html`<li class="hint">${l10n.t('players.db.none', { query: this.search.query })}</li>` : nothing}
          </ul>`
        : nothing}
      ${this.other
        ? html`<h3>${l10n.t('players.db.merge.both')}</h3>
            ${this.side('this', this.record)} ${this.side('other', this.other)}
            <p class="hint">${l10n.t('players.db.merge.explain')}</p>`
        : nothing}
      <div class="row">
        <button type="button" data-action="merge-cancel" @click=${() => this.dispatchEvent(new CustomEvent('riffle-merge-cancel'))}>${l10n.t('players.db.merge.cancel')}</button>
        ${this.other && kept
          ? html`<button type="button" class="danger" data-action="merge-confirm" ?disabled=${this.busy} @click=${() => void this.merge()}>${l10n.t('players.db.merge.confirm', { name: kept.player.name })}</button>`
          : nothing}
      </div>
    </section>`;
  }

  /** One of the two records: his card, his tournaments, and the choice to keep it. */
  private side(which: 'this' | 'other', r: PlayerWithResults) {
    const l10n = this.l10n;
    const p = r.player;
    return html`<div class="card" data-side=${which} data-player=${p.id}>
      <label class="check">
        <input type="radio" name="keep" value=${which} .checked=${this.keep === which} @change=${() => (this.keep = which)} />
        <span>${l10n.t('players.db.merge.keep')}</span>
      </label>
      <h3><span class="flag">${flag(p.country)}</span> <span class="name">${p.name}</span>${p.nickname ? html` <small class="nick">“${p.nickname}”</small>` : nothing}</h3>
      ${p.email || p.phone ? html`<p class="hint">${[p.email, p.phone].filter(Boolean).join(' · ')}</p>` : nothing}
      ${historyList(l10n, r.results)}
    </div>`;
  }

  private async choose(id: string): Promise<void> {
    this.error = null;
    const answer = await fetchPlayer(id);
    if (!answer.ok) return void (this.error = errorText(this.l10n, answer.error));
    if (answer.value.player.id === this.record.player.id) return void (this.error = this.l10n.t('players.db.merge.same'));
    this.other = answer.value;
    this.keep = 'this';
  }

  private async merge(): Promise<void> {
    if (!this.other) return;
    const [from, into] = this.keep === 'this' ? [this.other, this.record] : [this.record, this.other];
    this.busy = true;
    const answer = await mergePlayer(from.player.id, into.player.id);
    this.busy = false;
    if (answer.ok) this.dispatchEvent(new CustomEvent<MergeDone>('riffle-merged', { detail: { into: answer.value.player.id, message: this.l10n.t('players.db.merge.done', { name: answer.value.player.name }) } }));
    else this.error = errorText(this.l10n, answer.error);
  }
}
