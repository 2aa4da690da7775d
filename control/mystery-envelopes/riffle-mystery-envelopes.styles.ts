import { css } from 'lit';
import { buttonStyles, cardStyles, fieldStyles, labelledFieldStyles, panelStyles } from '../shared-styles.js';

/** Two fields to a line with a small remove button; the total and its problem under them. */
export default [
  panelStyles,
  buttonStyles,
  fieldStyles,
  labelledFieldStyles,
  cardStyles,
  css`
    button {
      font: 700 16px var(--riffle-font);
    }
    .lines {
      list-style: none;
      margin: 0;
      padding: 0;
      display: flex;
      flex-direction: column;
      gap: 8px;
    }
    .lines li {
      display: grid;
      grid-template-columns: minmax(0, 3fr) minmax(0, 2fr) 44px;
      align-items: end;
      gap: 8px;
    }
    .remove {
      min-width: 44px;
      padding: 0;
    }
    .total,
    .warning,
    .issue {
      margin: 0;
      overflow-wrap: anywhere;
    }
    .total.off {
      color: var(--riffle-paused);
    }
    .warning {
      color: var(--riffle-paused);
    }
    .issue {
      color: var(--riffle-danger);
    }
    .primary {
      background: var(--riffle-accent);
      border-color: var(--riffle-accent);
      color: #0b0f17;
    }
  `,
];
