import { html, LitElement, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import { classMap } from 'lit/directives/class-map.js';
import type { Localizer } from '../../web/lib/i18n.js';
import type { ItemView } from '../../client/messages.js';
import { tokens } from '../../web/lib/theme.js';
import { fireAction } from '../actions.js';
import { fireCommand } from '../command-event.js';
import styles from './riffle-level-list.styles.js';

/**
 * @summary The structure as a list to jump to any level or break, with a confirm step
 *   (a jump restarts the item with its full time, so a slip of the thumb must not do it).
 *
 * @event riffle-command - `level.set` with the chosen index after confirming.
 * @event riffle-action - `close-levels` (closed, or after a jump).
 */
export class RiffleLevelList extends LitElement {
  static override styles = [tokens, styles];

  @property({ attribute: false }) l10n!: Localizer;
  @property({ attribute: false }) items: readonly ItemView[] = [];
  /** Index of the item in play. */
  @property({ attribute: false }) current = 0;
  @state() private chosen: number | null = null;

  override render() {
    const { l10n } = this;
    if (!l10n) return nothing;
    const chosen = this.chosen === null ? undefined : this.items[this.chosen];
    return html`
      <div class="scrim" @click=${this.close}></div>
      <div class="sheet" role="dialog" aria-modal="true" aria-label=${l10n.t('control.levels')}>
        <header>
          <h2>${l10n.t('control.levels')}</h2>
          <button type="button" class="close" @click=${this.close}>${l10n.t('control.close')}</button>
        </header>
        <ol>
          ${this.items.map((item) => this.row(item))}
        </ol>
        ${chosen
          ? html`<div class="confirm" role="alertdialog" aria-label=${l10n.t('control.jumpTitle', { item: l10n.itemSummary(chosen) })}>
              <p>${l10n.t('control.jumpTitle', { item: l10n.itemSummary(chosen) })}</p>
              <small>${l10n.t('control.jumpHint')}</small>
              <div class="buttons">
                <button type="button" class="cancel" @click=${() => (this.chosen = null)}>${l10n.t('control.cancel')}</button>
                <button type="button" class="jump" @click=${() => this.jump(chosen.index)}>${l10n.t('control.jump')}</button>
              </div>
            </div>`
          : nothing}
      </div>
    `;
  }

  private row(item: ItemView) {
    const { l10n } = this;
    const current = item.index === this.current;
    const minutes = l10n.t('common.minutes', { minutes: l10n.minutes(item.ms) });
    const detail = item.break
      ? html`<span class="blinds">${minutes}</span><span class="sub">${item.colorUp ? l10n.t('common.colorUpShort', { chip: l10n.number(item.colorUp) }) : ''}</span>`
      : html`<span class="blinds">${l10n.blinds(item.sb, item.bb)}</span><span class="sub">${[l10n.ante(item), minutes].filter(Boolean).join(' · ')}</span>`;
    return html`<li>
      <button
        type="button"
        class=${classMap({ item: true, break: Boolean(item.break), current, chosen: item.index === this.chosen })}
        data-index=${item.index}
        aria-current=${current ? 'step' : 'false'}
        @click=${() => (this.chosen = item.index)}
      >
        <span class="name">${l10n.itemName(item)}</span>
        <span class="detail">${detail}</span>
        <span class="now">${current ? l10n.t('control.now') : ''}</span>
      </button>
    </li>`;
  }

  protected override firstUpdated(): void {
    this.renderRoot.querySelector('.item.current')?.scrollIntoView({ block: 'center' });
  }

  private close(): void {
    fireAction(this, { kind: 'close-levels' });
  }

  private jump(index: number): void {
    fireCommand(this, { type: 'level.set', index });
    fireAction(this, { kind: 'close-levels' });
  }
}
