import { html, LitElement, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import type { LiveClock } from '../../../client/clock.js';
import type { ItemView } from '../../../server/protocol/views.js';
import { dealerCue } from '../../../web/lib/dealer-cue.js';
import type { Localizer } from '../../../web/lib/i18n.js';
import styles from './riffle-dealer-cue.styles.js';

/**
 * @summary Dealer cues on the venue display (per tournament: `rules.dealerCues`): "Dealers: no
 *   more pushes" with the time to the level change or break, 90 s before it (TDA 2024 AP 7), and
 *   "Dealers, prepare your decks" in the first minute at the start and after each break (AP 20).
 *
 * @csspart cue - The cue.
 */
export class RiffleDealerCue extends LitElement {
  static override styles = styles;

  @property({ attribute: false }) live: LiveClock | null = null;
  @property({ attribute: false }) items: readonly ItemView[] | undefined = undefined;
  @property({ attribute: false }) l10n!: Localizer;
  @property({ type: Boolean }) enabled = false;

  override render() {
    const cue = this.enabled && this.l10n ? dealerCue(this.live, this.items) : null;
    if (!cue) return nothing;
    const l10n = this.l10n;
    if (cue.kind === 'decks') return html`<div class="cue decks" part="cue" role="status" data-cue="decks"><strong>${l10n.t('cues.decks')}</strong></div>`;
    return html`<div class="cue no-push" part="cue" role="status" data-cue="no-push">
      <strong>${l10n.t('cues.noPush')}</strong>
      <span>${l10n.t(cue.toBreak ? 'cues.breakIn' : 'cues.levelIn', { time: l10n.countdown(cue.leftMs) })}</span>
    </div>`;
  }
}
