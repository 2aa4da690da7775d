import { html, LitElement, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { Localizer } from '../../web/lib/i18n.js';
import { errorText } from '../../web/lib/error-text.js';
import { flag, isPhotoUrl } from '../../overlays/stream/lib/flag.js';
import { erasePlayer, fetchPlayer, removePhoto, updatePlayer, uploadPhoto, type PlayerInput, type PlayerRecord, type PlayerWithResults } from '../../client/players-api.js';
import type { ApiResult } from '../../client/api.js';
import { venueStyles } from '../venue-styles.js';
import { shrinkPhoto } from '../../web/lib/shrink-photo.js';
import { fireRecordDone } from '../player-records/record-events.js';
import { historyList } from './history.js';
import '../player-merge/riffle-player-merge.js';
import type { MergeDone } from '../player-merge/riffle-player-merge.component.js';

/** The fields the TD edits, as typed; an empty one clears it (the name excepted). */
const FIELDS = ['name', 'nickname', 'country', 'email', 'phone', 'notes'] as const;
type Field = (typeof FIELDS)[number];

/**
 * @summary One venue player's record for the TD: his name, nickname, country, contact and notes
 *   to edit, his photo, his tournaments, and the two steps that cannot be taken back, each
 *   confirmed in words first: merge a duplicate into one record (`<riffle-player-merge>`, both
 *   histories shown) and erase him on request.
 * @event riffle-record-done - back to the list, with a message and the record to open next.
 */
export class RifflePlayerRecord extends LitElement {
  static override styles = venueStyles;

  @property({ attribute: false }) l10n!: Localizer;
  @property() playerId = '';
  @state() private data: PlayerWithResults | null = null;
  @state() private message: { text: string; error: boolean } | null = null;
  @state() private busy = false;
  @state() private step: 'edit' | 'merge' | 'erase' = 'edit';

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('playerId')) void this.load();
  }

  private async load(): Promise<void> {
    this.data = null;
    this.step = 'edit';
    const answer = await fetchPlayer(this.playerId);
    if (answer.ok) this.data = answer.value;
    else fireRecordDone(this, { message: errorText(this.l10n, answer.error) });
  }

  override render() {
    const l10n = this.l10n;
    if (!l10n) return nothing;
    const back = html`<button type="button" data-action="back" @click=${() => fireRecordDone(this, {})}>← ${l10n.t('players.db.back')}</button>`;
    if (!this.data) return html`${back}<p class="hint">${l10n.t('control.loading')}</p>`;
    const { player, results } = this.data;
    return html`
      ${back}
      ${this.message ? html`<p class=${this.message.error ? 'issue' : 'ok'} role=${this.message.error ? 'alert' : 'status'} data-role="record-message">${this.message.text}</p>` : nothing}
      <form class="card" data-role="record" @submit=${this.save}>
        <h3 data-role="record-name"><span class="flag">${flag(player.country)}</span> ${player.name}</h3>
        <div class="grid">
          ${FIELDS.map((f) => this.field(f, player))}
        </div>
        <button type="submit" class="primary" data-action="save" ?disabled=${this.busy}>${l10n.t('players.db.save')}</button>
      </form>
      ${this.photo(player)}
      <section class="card">
        <h2>${l10n.t('players.db.history')}</h2>
        ${historyList(l10n, results)}
      </section>
      ${this.step === 'merge'
        ? html`<riffle-player-merge .l10n=${l10n} .record=${this.data} @riffle-merge-cancel=${() => (this.step = 'edit')} @riffle-merged=${this.merged}></riffle-player-merge>`
        : this.step === 'erase'
          ? this.eraseConfirm(player, results.length)
          : html`<div class="row">
              <button type="button" data-action="merge" @click=${() => ((this.step = 'merge'), (this.message = null))}>${l10n.t('players.db.merge.start')}</button>
              <button type="button" data-action="erase" @click=${() => ((this.step = 'erase'), (this.message = null))}>${l10n.t('players.db.erase.start')}</button>
            </div>`}
    `;
  }

  /** Merged: this record with both histories, or the other one if that was kept. */
  private readonly merged = async (e: CustomEvent<MergeDone>): Promise<void> => {
    const { into, message } = e.detail;
    if (into !== this.playerId) return fireRecordDone(this, { open: into, message });
    await this.load();
    this.message = { text: message, error: false };
  };

  private field(f: Field, player: PlayerRecord) {
    const l10n = this.l10n;
    const value = player[f] ?? '';
    const label = html`<span>${l10n.t(`players.db.${f}`)}</span>`;
    if (f === 'notes') return html`<label class="wide">${label}<textarea name="notes" maxlength="1000" .value=${value}></textarea></label>`;
    const attrs = { name: { type: 'text', max: 60 }, nickname: { type: 'text', max: 40 }, country: { type: 'text', max: 2 }, email: { type: 'email', max: 120 }, phone: { type: 'tel', max: 40 } }[f];
    return html`<label class=${f === 'name' || f === 'email' ? 'wide' : ''}>${label}<input name=${f} type=${attrs.type} maxlength=${attrs.max} autocomplete="off" .value=${value} ?required=${f === 'name'} /></label>`;
  }

  private async save(ev: Event): Promise<void> {
    ev.preventDefault();
    const form = new FormData(ev.target as HTMLFormElement);
    const text = (f: Field) => String(form.get(f) ?? '').trim();
    const input: PlayerInput = { name: text('name') };
    for (const f of FIELDS) if (f !== 'name') input[f] = text(f) === '' ? null : f === 'country' ? text(f).toUpperCase() : text(f);
    await this.apply(updatePlayer(this.playerId, input), (p) => this.l10n.t('players.db.saved', { name: p.name }));
  }

  /** A change's answer: the record as it is now and a message, or the refusal in the TD's language (nothing changed). */
  private async apply(call: Promise<ApiResult<{ player: PlayerRecord }>>, done: (p: PlayerRecord) => string): Promise<void> {
    this.busy = true;
    const answer = await call;
    this.busy = false;
    if (answer.ok && this.data) {
      this.data = { ...this.data, player: answer.value.player };
      this.message = { text: done(answer.value.player), error: false };
    } else if (!answer.ok) this.message = { text: errorText(this.l10n, answer.error), error: true };
  }

  private photo(player: PlayerRecord) {
    const l10n = this.l10n;
    return html`<section class="card" data-role="photo">
      <h2>${l10n.t('players.db.photo')}</h2>
      ${isPhotoUrl(player.photo) ? html`<img class="portrait" src=${player.photo} alt=${player.name} />` : html`<p class="hint">${l10n.t('players.db.noPhoto')}</p>`}
      <div class="row">
        <label class="button file">
          ${l10n.t('players.db.choosePhoto')}
          <input type="file" accept="image/png,image/jpeg,image/webp" data-field="photo" hidden ?disabled=${this.busy} @change=${this.upload} />
        </label>
        ${player.photo
          ? html`<button type="button" data-action="remove-photo" ?disabled=${this.busy} @click=${() => void this.apply(removePhoto(this.playerId), (p) => l10n.t('players.db.saved', { name: p.name }))}>${l10n.t('players.db.removePhoto')}</button>`
          : nothing}
      </div>
      <p class="hint">${l10n.t('players.db.photoLimits')}</p>
    </section>`;
  }

  private upload(e: Event): void {
    const input = e.target as HTMLInputElement;
    const file = input.files?.[0];
    input.value = '';
    // A camera's picture is made smaller in the browser first (web/lib/shrink-photo.ts).
    if (file) void this.apply(shrinkPhoto(file).then((photo) => uploadPhoto(this.playerId, photo)), (p) => this.l10n.t('players.db.saved', { name: p.name }));
  }

  /** Erasure in words before it is done: what goes, what stays, and that it is for good. */
  private eraseConfirm(player: PlayerRecord, tournaments: number) {
    const l10n = this.l10n;
    return html`<section class="card" role="alertdialog" data-role="erase-confirm" aria-label=${l10n.t('players.db.erase.start')}>
      <p>${l10n.t('players.db.erase.what', { name: player.name })}</p>
      <p>${tournaments ? l10n.t('players.db.erase.tournaments', { count: tournaments }) : l10n.t('players.db.erase.noTournaments')}</p>
      <p><b>${l10n.t('players.db.erase.undo')}</b></p>
      <div class="row">
        <button type="button" data-action="erase-cancel" @click=${() => (this.step = 'edit')}>${l10n.t('players.db.erase.cancel')}</button>
        <button type="button" class="danger" data-action="erase-confirm" ?disabled=${this.busy} @click=${() => void this.erase()}>${l10n.t('players.db.erase.confirm')}</button>
      </div>
    </section>`;
  }

  private async erase(): Promise<void> {
    this.busy = true;
    const answer = await erasePlayer(this.playerId);
    this.busy = false;
    if (answer.ok) fireRecordDone(this, { message: this.l10n.t('players.db.erase.done') });
    else this.message = { text: errorText(this.l10n, answer.error), error: true };
  }
}
