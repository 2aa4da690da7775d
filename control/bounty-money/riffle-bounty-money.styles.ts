import { css } from 'lit';
import { buttonStyles, cardStyles, panelStyles } from '../shared-styles.js';

/** Figures as label/amount rows; the sheet's lines wrap long names, the button at the right. */
export default [
  panelStyles,
  buttonStyles,
  cardStyles,
  css`
    button {
      font: 700 16px var(--riffle-font);
    }
    :host {
      display: flex;
      flex-direction: column;
      gap: 12px;
    }
    .figures {
      margin: 0;
      display: flex;
      flex-direction: column;
      gap: 4px;
    }
    .figures div {
      display: flex;
      justify-content: space-between;
      gap: 12px;
    }
    dt {
      color: var(--riffle-muted);
      min-width: 0;
      overflow-wrap: anywhere;
    }
    dd {
      margin: 0;
      font-weight: 700;
      white-space: nowrap;
    }
    .envelopes {
      margin: 0;
      padding: 0 0 0 18px;
      color: var(--riffle-muted);
    }
    .totals {
      margin: 0;
      overflow-wrap: anywhere;
    }
    .sheet {
      list-style: none;
      margin: 0;
      padding: 0;
      display: flex;
      flex-direction: column;
      gap: 8px;
    }
    .sheet li {
      display: grid;
      grid-template-columns: minmax(0, 1fr) auto;
      align-items: center;
      gap: 4px 10px;
      padding: 8px 0;
      border-top: 1px solid var(--riffle-line);
    }
    .sheet .who {
      font-weight: 700;
      overflow-wrap: anywhere;
    }
    .sheet .amounts {
      grid-column: 1;
      display: flex;
      flex-wrap: wrap;
      gap: 2px 10px;
      font-size: 14px;
    }
    .sheet button {
      grid-column: 2;
      grid-row: 1 / span 2;
      padding: 0 14px;
    }
    .sheet li.done .who,
    .sheet li.done .amounts {
      color: var(--riffle-muted);
    }
    .over {
      color: var(--riffle-danger);
    }
    .primary {
      background: var(--riffle-accent);
      border-color: var(--riffle-accent);
      color: #0b0f17;
    }
  `,
];
