import { css } from 'lit';
import { buttonStyles, fieldStyles, labelledFieldStyles } from '../shared-styles.js';

/** The form in one column at 320-430 px; fields two to a row; the create button at the thumb. */
export default [
  buttonStyles,
  fieldStyles,
  labelledFieldStyles,
  css`
    :host {
      display: block;
      min-width: 0;
    }
    form {
      display: flex;
      flex-direction: column;
      gap: 12px;
    }
    fieldset {
      margin: 0;
      padding: 10px 12px 12px;
      border: 1px solid var(--riffle-line);
      border-radius: 14px;
      display: flex;
      flex-direction: column;
      gap: 10px;
      min-width: 0;
    }
    legend {
      font-weight: 700;
      padding: 0 4px;
    }
    label small {
      font-size: 12px;
    }
    label.bad input {
      border-color: var(--riffle-danger);
      box-shadow: 0 0 0 1px var(--riffle-danger);
    }
    .check {
      flex-direction: row;
      align-items: center;
      gap: 10px;
      min-height: 44px;
      font-size: 16px;
      color: var(--riffle-text);
    }
    .check input {
      width: 22px;
      min-height: 22px;
    }
    .grid {
      display: grid;
      grid-template-columns: repeat(2, minmax(0, 1fr));
      gap: 8px;
    }
    .issue {
      color: var(--riffle-danger);
      margin: 0;
      overflow-wrap: anywhere;
    }
    /* A setting the preset's book rules out (ONK: rebuys): said, never refused. */
    .warning {
      color: var(--riffle-paused);
      margin: 8px 0 0;
      overflow-wrap: anywhere;
    }
    .banner {
      padding: 10px 12px;
      border: 1px solid var(--riffle-danger);
      border-radius: 12px;
    }
    .sub {
      margin: 0 0 10px;
      white-space: nowrap;
      overflow: hidden;
      text-overflow: ellipsis;
    }
    button {
      font: 700 16px var(--riffle-font);
      padding: 0 14px;
    }
    .primary {
      background: var(--riffle-accent);
      border-color: var(--riffle-accent);
      color: #0b0f17;
    }
    .submit {
      position: sticky;
      bottom: 0;
      display: flex;
      gap: 8px;
      padding: 10px 0 calc(10px + env(safe-area-inset-bottom));
      margin-top: 12px;
      background: var(--riffle-bg);
    }
    .submit > * {
      flex: 1;
    }
    .submit .primary {
      flex: 2;
    }
  `,
];
