import { html, LitElement, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { Localizer } from '../../web/lib/i18n.js';
import { errorText } from '../../web/lib/error-text.js';
import { importPlayers, previewImport, type ImportPreview } from '../../client/players-api.js';
import { venueStyles } from '../venue-styles.js';

/** Lines shown per list; the rest are counted (a file may hold 5,000). */
const SHOWN = 50;

/**
 * @summary A CSV of players imported from the TD's phone: the file is first previewed line by
 *   line (`POST /api/players/import?preview=1`: who is added, whose record changes, which lines
 *   are refused and why, in the TD's language) and imported only on his word. The import is all
 *   or nothing, so a file with a refused line offers no import: nothing changes until it is
 *   corrected.
 * @event riffle-imported - the players were imported.
 */
export class RifflePlayerImport extends LitElement {
  static override styles = venueStyles;

  @property({ attribute: false }) l10n!: Localizer;
  @state() private file: File | null = null;
  @state() private preview: ImportPreview | null = null;
  @state() private message: { text: string; error: boolean } | null = null;
  @state() private busy = false;

  override render() {
    const l10n = this.l10n;
    if (!l10n) return nothing;
    const p = this.preview;
    return html`<section class="card" data-role="import">
      <h2>${l10n.t('players.db.import.title')}</h2>
      <p class="hint">${l10n.t('players.db.import.hint')}</p>
      <label class="button file">
        ${l10n.t('players.db.import.choose')}
        <input type="file" accept=".csv,text/csv" data-field="csv" hidden ?disabled=${this.busy} @change=${this.chosen} />
      </label>
      ${this.message ? html`<p class=${this.message.error ? 'issue' : 'ok'} role=${this.message.error ? 'alert' : 'status'} data-role="import-message">${this.message.text}</p>` : nothing}
      ${p
        ? html`${this.lines('add', l10n.t('players.db.import.add', { count: p.add.length }), p.add.map((x) => l10n.t('players.db.import.line', { line: x.line, name: x.name })))}
            ${this.lines('update', l10n.t('players.db.import.update', { count: p.update.length }), p.update.map((x) => l10n.t('players.db.import.line', { line: x.line, name: x.name })))}
            ${this.lines('refused', l10n.t('players.db.import.refused', { count: p.refused.length }), p.refused.map((x) => this.refusal(x)))}
            ${p.refused.length
              ? html`<p class="issue" role="alert" data-role="import-blocked">${l10n.t('players.db.import.blocked')}</p>`
              : html`<div class="row">
                  <button type="button" data-action="import-cancel" @click=${() => (this.preview = null)}>${l10n.t('players.db.import.cancel')}</button>
                  <button type="button" class="primary" data-action="import-confirm" ?disabled=${this.busy || p.add.length + p.update.length === 0} @click=${() => void this.import()}>${l10n.t('players.db.import.confirm')}</button>
                </div>`}`
        : nothing}
    </section>`;
  }

  private lines(kind: string, heading: string, lines: string[]) {
    if (!lines.length) return nothing;
    return html`<div data-lines=${kind}>
      <h3 class=${kind === 'refused' ? 'issue' : ''}>${heading}</h3>
      <ul class="lines">
        ${lines.slice(0, SHOWN).map((text) => html`<li>${text}</li>`)}
        ${lines.length > SHOWN ? html`<li class="hint">…</li>` : nothing}
      </ul>
    </div>`;
  }

  /** A refused line in the TD's language: the column at fault (English keeps the server's precise reason). */
  private refusal(x: ImportPreview['refused'][number]): string {
    const l10n = this.l10n;
    if (l10n.lang === 'en') return l10n.t('players.db.import.line', { line: x.line, name: x.message });
    return x.column ? l10n.t('players.db.import.refusedColumn', { line: x.line, column: l10n.t(`players.db.columns.${x.column}`) }) : l10n.t('players.db.import.refusedLine', { line: x.line });
  }

  private async chosen(e: Event): Promise<void> {
    const input = e.target as HTMLInputElement;
    const file = input.files?.[0] ?? null;
    input.value = '';
    if (!file) return;
    this.file = file;
    this.preview = null;
    this.message = null;
    this.busy = true;
    const answer = await previewImport(file);
    this.busy = false;
    if (answer.ok) this.preview = answer.value;
    else this.message = { text: errorText(this.l10n, answer.error), error: true };
  }

  private async import(): Promise<void> {
    if (!this.file) return;
    this.busy = true;
    const answer = await importPlayers(this.file);
    this.busy = false;
    if (answer.ok) {
      this.preview = null;
      this.file = null;
      this.message = { text: this.l10n.t('players.db.import.done', { created: answer.value.created, updated: answer.value.updated }), error: false };
      this.dispatchEvent(new CustomEvent('riffle-imported', { bubbles: true, composed: true }));
    } else this.message = { text: errorText(this.l10n, answer.error), error: true };
  }
}
