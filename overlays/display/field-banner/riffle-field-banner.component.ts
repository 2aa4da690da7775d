import { html, LitElement, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import type { Localizer } from '../../../web/lib/i18n.js';
import type { FieldView } from '../../../server/protocol/entries-views.js';
import { tokens } from '../../../web/lib/theme.js';
import { msUntilEndOf, type LiveClock } from '../../../client/clock.js';
import type { ItemView } from '../../../client/messages.js';
import styles from './riffle-field-banner.styles.js';

/**
 * @summary The venue screen's notices from the field topic: hand-for-hand (TDA 2024 AP 8), the
 *   colour-up at its break (IP r37), the late-registration countdown, and the winner.
 *
 * Renders only: the root passes the field view, the localizer and the server time of the frame.
 *
 * @csspart hfh - The hand-for-hand banner.
 * @csspart color-up - The colour-up notice.
 * @csspart late-reg - The late-registration countdown.
 */
export class RiffleFieldBanner extends LitElement {
  static override styles = [tokens, styles];

  @property({ attribute: false }) field: FieldView | undefined;
  @property({ attribute: false }) l10n!: Localizer;
  /** The clock as shown in this frame, and the structure, to count down to a window's close. */
  @property({ attribute: false }) live: LiveClock | undefined;
  @property({ attribute: false }) items: readonly ItemView[] | undefined;

  override render() {
    const { field, l10n } = this;
    if (!field || !l10n) return nothing;
    const notices = [];
    if (field.winner) notices.push(html`<div class="notice winner" role="status">${l10n.t('entries.display.winner', { name: field.winner.name })}</div>`);
    if (field.handForHand.active) {
      notices.push(html`<div class="notice hfh" part="hfh" role="status">${l10n.t('entries.display.handForHandHand', { hand: l10n.number(field.handForHand.hand) })}</div>`);
    }
    // In the colour-up break itself the clock's own box says it in large type; no second notice.
    const onStage = field.colorUp?.now === true && this.live?.current.break === true && this.live.current.colorUp !== undefined;
    if (field.colorUp && !onStage) {
      const key = field.colorUp.now ? 'entries.display.colorUpNow' : 'entries.display.colorUpNext';
      notices.push(html`<div class="notice color-up ${field.colorUp.now ? 'now' : ''}" part="color-up">${l10n.t(key, { chip: l10n.number(field.colorUp.denomination) })}</div>`);
    }
    const late = field.lateRegistration;
    if (late.open && late.level !== null && late.level !== undefined) {
      const ms = this.live && late.untilIndex !== undefined ? msUntilEndOf(this.live, this.items, late.untilIndex) : null;
      const when = ms !== null ? l10n.t('entries.display.lateRegCloses', { time: l10n.countdown(ms) }) : l10n.t('entries.display.lateRegEndOfLevel', { n: late.level });
      notices.push(html`<div class="notice late-reg" part="late-reg"><span class="label">${l10n.t('entries.display.lateReg')}</span> ${when}</div>`);
    }
    return notices.length ? html`<div class="notices">${notices}</div>` : nothing;
  }
}
