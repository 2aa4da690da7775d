import { css } from 'lit';
import { actionButtonStyles, buttonStyles, cardStyles, panelStyles } from '../shared-styles.js';

export default [
  panelStyles,
  buttonStyles,
  actionButtonStyles,
  cardStyles,
  css`
    button {
      flex: 1;
    }
    .hfh {
      margin: 0;
      color: var(--riffle-danger);
      font-weight: 800;
    }
    .ladder {
      margin: 0;
      padding: 0;
      list-style: none;
      max-height: 220px;
      overflow: auto;
    }
    .ladder li {
      display: flex;
      justify-content: space-between;
    }
    /* A deal by name: long names wrap, the amount stays on the right. */
    .deal h3 {
      margin: 0;
      font-size: 15px;
      color: var(--riffle-accent);
      text-transform: uppercase;
      letter-spacing: 0.06em;
    }
    .deal .ladder {
      max-height: none;
    }
    .deal .ladder li {
      gap: 12px;
    }
    .deal .who {
      overflow-wrap: anywhere;
    }
    .ladder li.below {
      color: var(--riffle-danger);
    }
    .ladder li.paid {
      color: var(--riffle-muted);
      text-decoration: line-through;
    }
    textarea {
      width: 100%;
      box-sizing: border-box;
      border-radius: 12px;
      border: 1px solid var(--riffle-line);
      background: var(--riffle-surface-2);
      color: var(--riffle-text);
      font: 600 16px var(--riffle-font);
      padding: 8px 12px;
    }
    table {
      width: 100%;
      border-collapse: collapse;
    }
    th,
    td {
      text-align: right;
      padding: 4px;
    }
    td:first-child {
      text-align: left;
    }
    .confirm {
      display: flex;
      gap: 8px;
      align-items: center;
    }
    .confirm input {
      width: 24px;
      height: 24px;
    }
  `,
];
