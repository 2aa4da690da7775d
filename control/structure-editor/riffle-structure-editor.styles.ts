import { css } from 'lit';
import { buttonStyles, fieldStyles, labelledFieldStyles } from '../shared-styles.js';

/** One column at 320-430 px: each item a card, its fields two to a row. */
export default [
  buttonStyles,
  fieldStyles,
  labelledFieldStyles,
  css`
    :host {
      display: flex;
      flex-direction: column;
      gap: 10px;
      font-variant-numeric: tabular-nums;
      min-width: 0;
    }
    button {
      font: 700 15px var(--riffle-font);
      padding: 0 12px;
    }
    button:disabled {
      opacity: 0.4;
    }
    label.bad input,
    label.bad select {
      border-color: var(--riffle-danger);
      box-shadow: 0 0 0 1px var(--riffle-danger);
    }
    .items {
      list-style: none;
      margin: 0;
      padding: 0;
      display: flex;
      flex-direction: column;
      gap: 8px;
    }
    .item {
      background: var(--riffle-surface);
      border: 1px solid var(--riffle-line);
      border-radius: 14px;
      padding: 10px;
      display: flex;
      flex-direction: column;
      gap: 8px;
    }
    .item.break {
      border-left: 4px solid var(--riffle-break);
    }
    .item.played {
      opacity: 0.6;
    }
    .item.has-issue {
      border-color: var(--riffle-danger);
    }
    .head {
      display: flex;
      align-items: center;
      gap: 6px;
      min-width: 0;
    }
    .head strong {
      white-space: nowrap;
    }
    .spacer {
      flex: 1;
    }
    .tag {
      font-size: 12px;
      font-weight: 700;
      padding: 2px 8px;
      border-radius: 999px;
      background: var(--riffle-surface-2);
      color: var(--riffle-muted);
    }
    .tag.live {
      color: var(--riffle-accent);
    }
    .icon {
      min-width: 44px;
      padding: 0;
    }
    .grid {
      display: grid;
      grid-template-columns: repeat(2, minmax(0, 1fr));
      gap: 8px;
    }
    /* A level: blinds and minutes on one row, the ante below (type over two columns). */
    .grid.level {
      grid-template-columns: repeat(3, minmax(0, 1fr));
    }
    .grid.level .ante-type {
      grid-column: span 2;
    }
    .grid3 {
      display: grid;
      grid-template-columns: repeat(3, minmax(0, 1fr));
      gap: 6px;
    }
    .issue {
      margin: 0;
      color: var(--riffle-danger);
      font-size: 14px;
      overflow-wrap: anywhere;
    }
    .hint {
      margin: 0;
      color: var(--riffle-muted);
      font-size: 14px;
    }
    .summary {
      margin: 0;
      font-weight: 700;
    }
    .summary.good {
      color: var(--riffle-break);
    }
    .summary.bad {
      color: var(--riffle-danger);
    }
    .add,
    .row {
      display: flex;
      gap: 8px;
    }
    .add > *,
    .row > * {
      flex: 1;
      min-width: 0;
    }
    .wide {
      width: 100%;
    }
    .tools {
      background: var(--riffle-surface);
      border: 1px solid var(--riffle-line);
      border-radius: 14px;
      padding: 10px;
    }
    .tools summary {
      min-height: 32px;
      font-weight: 700;
      cursor: pointer;
    }
    .tool {
      display: flex;
      flex-direction: column;
      gap: 8px;
      padding-top: 10px;
    }
    .file {
      position: relative;
    }
    .file input {
      position: absolute;
      width: 1px;
      height: 1px;
      opacity: 0;
    }
    .file-button {
      display: flex;
      align-items: center;
      justify-content: center;
      min-height: 44px;
      border-radius: 12px;
      border: 1px solid var(--riffle-line);
      background: var(--riffle-surface-2);
      color: var(--riffle-text);
      font: 700 15px var(--riffle-font);
      cursor: pointer;
    }
    .file input:focus-visible + .file-button {
      outline: 2px solid var(--riffle-accent);
    }
    .item.compact {
      padding: 6px 10px;
      font-size: 14px;
    }
    .item.compact .head > span {
      white-space: nowrap;
    }
    .item.compact .what {
      white-space: nowrap;
      overflow: hidden;
      text-overflow: ellipsis;
      min-width: 0;
    }
  `,
];
