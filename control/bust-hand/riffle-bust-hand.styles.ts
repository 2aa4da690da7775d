import { css } from 'lit';
import { buttonStyles, fieldStyles, sheetStyles } from '../shared-styles.js';

/** A bottom sheet like the room view's seat sheet; it stays short so the seats above can be tapped. */
export default [
  buttonStyles,
  fieldStyles,
  sheetStyles,
  css`
    :host {
      display: block;
    }
    .sheet {
      max-height: 50dvh;
      overflow-y: auto;
      padding: 14px 16px calc(14px + env(safe-area-inset-bottom));
      border-top: 2px solid var(--riffle-danger);
      gap: 8px;
      font-variant-numeric: tabular-nums;
    }
    h3 {
      margin: 0;
      font-size: 18px;
    }
    .hint,
    .problem {
      margin: 0;
      color: var(--riffle-muted);
      font-size: 14px;
    }
    .problem {
      color: var(--riffle-paused);
      font-weight: 700;
    }
    .busts {
      margin: 0;
      padding: 0;
      list-style: none;
      display: grid;
      gap: 6px;
    }
    li {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 8px;
      min-width: 0;
    }
    .who {
      flex: 1;
      min-width: 0;
      display: flex;
      flex-direction: column;
    }
    /* Names whole on two lines rather than cut ("Rasmus Søre…"): two players may share a first name. */
    .name {
      font-weight: 700;
      overflow-wrap: anywhere;
    }
    /* Wraps rather than cut: the place is what the TD checks before confirming. */
    .meta {
      color: var(--riffle-muted);
      font-size: 14px;
    }
    .place {
      color: var(--riffle-text);
    }
    input.chips {
      flex: 0 0 108px;
      width: 108px;
      box-sizing: border-box;
      padding: 0 10px;
      font: 600 17px var(--riffle-font);
      text-align: right;
      appearance: textfield;
    }
    input.chips::-webkit-inner-spin-button,
    input.chips::-webkit-outer-spin-button {
      appearance: none;
      margin: 0;
    }
    input.chips.invalid {
      border-color: var(--riffle-danger);
    }
    button {
      font: 600 15px var(--riffle-font);
      padding: 0 12px;
    }
    button:disabled {
      opacity: 0.4;
    }
    /* Who eliminated him: a row of its own under the bust, seats as tappable chips that wrap. */
    .by {
      flex: 1 0 100%;
      min-width: 0;
      display: grid;
      gap: 4px;
    }
    .by-label {
      color: var(--riffle-muted);
      font-size: 14px;
    }
    .required {
      color: var(--riffle-paused);
    }
    /* Two seats a line, as the room view's tables: a table of ten fits the sheet's half screen. */
    .choices {
      display: grid;
      grid-template-columns: repeat(2, minmax(0, 1fr));
      gap: 6px;
    }
    .choice {
      min-width: 0;
      min-height: 44px;
      display: inline-flex;
      align-items: center;
      gap: 6px;
      overflow: hidden;
    }
    .choice .seat {
      color: var(--riffle-muted);
      font-size: 13px;
    }
    .choice-name {
      min-width: 0;
      text-align: left;
      overflow-wrap: anywhere;
    }
    .choice.on {
      border-color: var(--riffle-danger);
      background: var(--riffle-danger);
      color: #fff;
    }
    .choice.on .seat {
      color: inherit;
    }
    .by select {
      width: 100%;
      min-height: 44px;
    }
    .unmark {
      flex: 0 0 44px;
      width: 44px;
      padding: 0;
    }
  `,
];
