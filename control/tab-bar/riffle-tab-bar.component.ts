import { css, html, LitElement, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import type { Localizer } from '../../web/lib/i18n.js';
import { tokens } from '../../web/lib/theme.js';
import type { PanelTab } from './tabs.js';

/**
 * @summary The panel's tab bar, at the bottom where the thumb is: clock, players, money, and the
 *   stream for the TD (the root passes the tabs of the signed-in role).
 * @event riffle-tab - `{tab}` when a tab is chosen.
 */
export class RiffleTabBar extends LitElement {
  static override styles = [
    tokens,
    css`
      :host {
        position: sticky;
        bottom: 0;
        z-index: 5;
        display: block;
        background: var(--riffle-surface);
        border-top: 1px solid var(--riffle-line);
        padding-bottom: env(safe-area-inset-bottom);
      }
      nav {
        display: flex;
        max-width: 560px;
        margin: 0 auto;
      }
      button {
        flex: 1;
        min-width: 0;
        min-height: 52px;
        padding: 0 2px;
        border: 0;
        background: none;
        color: var(--riffle-muted);
        /* Five tabs at 320 px: "STOLOVI" and "SPILLERE" fit without ellipsis. */
        font: 700 clamp(12px, 3.6vw, 15px) var(--riffle-font);
        overflow: hidden;
        text-overflow: ellipsis;
        white-space: nowrap;
        letter-spacing: 0.02em;
        text-transform: uppercase;
      }
      button[aria-current='page'] {
        color: var(--riffle-accent);
        box-shadow: inset 0 3px 0 var(--riffle-accent);
      }
    `,
  ];

  @property({ attribute: false }) l10n!: Localizer;
  @property() tab: PanelTab = 'clock';
  @property({ attribute: false }) tabs: readonly PanelTab[] = ['clock', 'players', 'money'];

  override render() {
    if (!this.l10n) return nothing;
    return html`<nav>
      ${this.tabs.map(
        (tab) => html`<button
          type="button"
          data-tab=${tab}
          aria-current=${tab === this.tab ? 'page' : 'false'}
          @click=${() => this.dispatchEvent(new CustomEvent('riffle-tab', { detail: { tab }, bubbles: true, composed: true }))}
        >
          ${tab === 'stream' ? this.l10n.t('stream.tab') : this.l10n.t(`entries.control.tabs.${tab}`)}
        </button>`,
      )}
    </nav>`;
  }
}
