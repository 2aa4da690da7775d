import { html, LitElement, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { Localizer } from '../../web/lib/i18n.js';
import type { FieldView, PayoutsView, PlayersView } from '../../server/protocol/entries-views.js';
import type { SeatingView } from '../../server/protocol/seating.js';
import { fireCommand } from '../command-event.js';
import { bustCommand, eliminatorChoices, markedBusts, parseChips, placeText, previewHand, sameTable, type MarkedBust } from './bust-hand.js';
import styles from './riffle-bust-hand.styles.js';

/** `unmark`: take one player off the hand; `close`: cancelled, or the hand was recorded. */
export type BustHandEvent = CustomEvent<{ kind: 'unmark'; entryId: string } | { kind: 'close' }>;

/**
 * @summary The busts of one hand, confirmed at once: the players the TD marked (in the room view
 *   or the players list), the chips at the start of the hand of those who sat at one table
 *   (MEC r7: fewer chips finish lower), the places each will get, and one button that sends a
 *   single `entry.bust` with every bust, their tables and those chips.
 *
 * The host owns the marks (tapping seats or rows adds them); this sheet owns the typed chips.
 * Renders and fires only; the root sends the command and shows the server's error as a toast,
 * and the marks stay so the TD can correct them.
 *
 * @event riffle-command - `{command, reply}`: the hand's `entry.bust`.
 * @event riffle-bust-hand - `{kind: 'unmark', entryId}` or `{kind: 'close'}` (cancelled or recorded).
 */
export class RiffleBustHand extends LitElement {
  static override styles = styles;

  @property({ attribute: false }) l10n!: Localizer;
  /** Entry ids the TD marked, in the order marked. */
  @property({ attribute: false }) marked: readonly string[] = [];
  @property({ attribute: false }) players: PlayersView | null = null;
  @property({ attribute: false }) seating: SeatingView | null = null;
  @property({ attribute: false }) field: FieldView | null = null;
  @property({ attribute: false }) payouts: PayoutsView | null = null;
  @property({ attribute: false }) currency = 'EUR';

  /** Chips at the start of the hand as typed, by entry; untouched fields show the last count. */
  @state() private startChips: Record<string, string> = {};
  /** Who won each bust's last chips (issue 25), in the order tapped: the odd cent of a split goes to the first. */
  @state() private eliminators: Record<string, string[]> = {};
  /** The hand was sent and no answer came yet: it must not go twice. */
  @state() private sending = false;

  override render() {
    const l10n = this.l10n;
    if (!l10n) return nothing;
    const busts = markedBusts(this.marked, this.players, this.seating);
    const shared = sameTable(busts);
    const chips = this.typedChips(busts, shared);
    // A bounty in play (the field's `bounty`): every bust names his eliminator; otherwise skippable.
    const required = this.field?.bounty !== undefined;
    const command = bustCommand(busts, chips, this.eliminators, required);
    const preview = previewHand(busts, chips, { field: this.field, payouts: this.payouts, players: this.players });
    const finishes = new Map(preview?.ok ? preview.finishes.map((f) => [f.entryId, f]) : []);
    const title = l10n.t('entries.control.bustHand.title', { count: busts.length });
    return html`<section class="sheet" role="dialog" aria-label=${title}>
      <h3>${title}</h3>
      ${busts.length < 2 ? html`<p class="hint">${l10n.t('entries.control.bustHand.hint')}</p>` : nothing}
      <ul class="busts">
        ${busts.map((b) => {
          const f = finishes.get(b.entryId);
          const where = b.table === null ? l10n.t('entries.control.bustHand.noSeat') : l10n.t('seating.table', { table: b.table });
          return html`<li data-entry=${b.entryId}>
            <div class="who">
              <span class="name">${b.name}</span>
              <span class="meta"
                >${where}${f ? html` · <b class="place">${placeText(l10n, f)}</b>` : nothing}${f?.prize ? ` · ${l10n.money(f.prize, this.currency)}` : nothing}</span
              >
            </div>
            ${shared.has(b.entryId) ? this.chipsField(b, chips[b.entryId] ?? '') : nothing}
            <button class="unmark" type="button" aria-label=${l10n.t('entries.control.bustHand.unmark', { name: b.name })} @click=${() => this.fire({ kind: 'unmark', entryId: b.entryId })}>
              ✕
            </button>
            ${this.eliminatorPicker(b, required)}
          </li>`;
        })}
      </ul>
      ${shared.size ? html`<p class="hint">${l10n.t('entries.control.bustHand.sameTable')}</p>` : nothing}
      ${preview && !preview.ok ? html`<p class="problem" role="alert">${preview.message}</p>` : nothing}
      <div class="row">
        <button type="button" @click=${() => this.fire({ kind: 'close' })}>${l10n.t('entries.control.bustHand.cancel')}</button>
        <button class="danger confirm" type="button" ?disabled=${!command || this.sending} @click=${() => command && this.send(command)}>
          ${l10n.t('entries.control.bustSelected', { count: busts.length })}
        </button>
      </div>
    </section>`;
  }

  private chipsField(b: MarkedBust, value: string) {
    const label = this.l10n.t('entries.control.bustHand.chipsAtStart', { name: b.name });
    return html`<input
      class="chips ${parseChips(value) === null ? 'invalid' : ''}"
      type="number"
      inputmode="numeric"
      min="1"
      step="1"
      .value=${value}
      aria-label=${label}
      title=${label}
      @input=${(e: Event) => (this.startChips = { ...this.startChips, [b.entryId]: (e.target as HTMLInputElement).value })}
    />`;
  }

  /**
   * "Eliminated by": one tap on a player at his table (two or more: a split pot). A bust without
   * a seat gets a list of everyone in play. Skippable where no bounty is in play.
   */
  private eliminatorPicker(b: MarkedBust, required: boolean) {
    const l10n = this.l10n;
    const chosen = this.eliminators[b.entryId] ?? [];
    const choices = eliminatorChoices(b, this.marked, this.players, this.seating);
    const label = l10n.t('entries.control.bustHand.eliminatedBy', { name: b.name });
    const heading = html`<span class="by-label">${l10n.t('entries.control.bustHand.by')}${required ? html` <b class="required">${l10n.t('entries.control.bustHand.bountyRequired')}</b>` : nothing}</span>`;
    if (choices.length && choices[0]!.seat === null) {
      return html`<div class="by" role="group" aria-label=${label} data-eliminators=${b.entryId}>
        ${heading}
        <select aria-label=${label} .value=${chosen[0] ?? ''} @change=${(e: Event) => this.choose(b.entryId, (e.target as HTMLSelectElement).value, true)}>
          <option value="">${l10n.t('entries.control.bustHand.nobody')}</option>
          ${choices.map((c) => html`<option value=${c.entryId} ?selected=${chosen.includes(c.entryId)}>${c.name}</option>`)}
        </select>
      </div>`;
    }
    return html`<div class="by" role="group" aria-label=${label} data-eliminators=${b.entryId}>
      ${heading}
      <div class="choices">
        ${choices.map(
          (c) => html`<button type="button" class="choice ${chosen.includes(c.entryId) ? 'on' : ''}" aria-pressed=${String(chosen.includes(c.entryId))} data-eliminator=${c.entryId} @click=${() => this.choose(b.entryId, c.entryId)}>
            <span class="seat">${c.seat}</span><span class="choice-name">${c.name}</span>
          </button>`,
        )}
      </div>
    </div>`;
  }

  /** Toggles an eliminator (`only`: the list's one choice replaces the others). */
  private choose(bust: string, entryId: string, only = false): void {
    const now = this.eliminators[bust] ?? [];
    const next = only ? (entryId ? [entryId] : []) : now.includes(entryId) ? now.filter((id) => id !== entryId) : [...now, entryId];
    this.eliminators = { ...this.eliminators, [bust]: next };
  }

  /** The typed chips of the busts at a shared table; the last recorded count until one is typed. */
  private typedChips(busts: readonly MarkedBust[], shared: ReadonlySet<string>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const b of busts) if (shared.has(b.entryId)) out[b.entryId] = this.startChips[b.entryId] ?? String(Math.max(1, b.chips));
    return out;
  }

  private send(command: NonNullable<ReturnType<typeof bustCommand>>): void {
    this.sending = true;
    fireCommand(this, command, {
      reply: (answer) => {
        this.sending = false;
        if (answer.ok) {
          this.startChips = {};
          this.eliminators = {};
          this.fire({ kind: 'close' });
        }
      },
    });
  }

  private fire(detail: BustHandEvent['detail']): void {
    this.dispatchEvent(new CustomEvent('riffle-bust-hand', { detail, bubbles: true, composed: true }));
  }
}
