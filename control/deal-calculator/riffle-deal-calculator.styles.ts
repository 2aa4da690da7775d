import { css } from 'lit';
import { actionButtonStyles, buttonStyles, cardStyles, panelStyles } from '../shared-styles.js';

export default [
  panelStyles,
  buttonStyles,
  actionButtonStyles,
  cardStyles,
  css`
    .row {
      display: flex;
      gap: 8px;
    }
    .row button {
      flex: 1;
    }
    .players {
      margin: 0;
      padding: 0;
      list-style: none;
      display: flex;
      flex-direction: column;
      gap: 10px;
    }
    .players li {
      display: flex;
      flex-direction: column;
      gap: 4px;
      padding-bottom: 8px;
      border-bottom: 1px solid var(--riffle-line);
    }
    .who {
      font-weight: 800;
      overflow-wrap: anywhere;
    }
    label {
      display: flex;
      align-items: center;
      justify-content: space-between;
      gap: 8px;
      color: var(--riffle-muted);
    }
    input[type='number'],
    input[type='text'] {
      width: 9.5em;
      min-height: 40px;
      box-sizing: border-box;
      border-radius: 10px;
      border: 1px solid var(--riffle-line);
      background: var(--riffle-surface-2);
      color: var(--riffle-text);
      font: 600 16px var(--riffle-font);
      padding: 4px 10px;
      text-align: right;
    }
    /* A count that is missing: the TD must type it. */
    li.missing .chips input {
      border-color: var(--riffle-danger);
    }
    li.missing .chips input::placeholder {
      color: var(--riffle-danger);
    }
    .figures {
      display: flex;
      flex-wrap: wrap;
      gap: 2px 12px;
      color: var(--riffle-muted);
      font-size: 14px;
    }
    .figures b {
      color: var(--riffle-text);
    }
    .amount.below input {
      border-color: var(--riffle-danger);
      color: var(--riffle-danger);
    }
    .sum.off {
      color: var(--riffle-danger);
    }
    .hint,
    .sum {
      margin: 0;
      font-size: 14px;
    }
    .confirm {
      justify-content: flex-start;
      color: var(--riffle-text);
    }
    .confirm input {
      flex: none;
      width: 24px;
      height: 24px;
    }
    .confirm.below {
      color: var(--riffle-danger);
    }
  `,
];
