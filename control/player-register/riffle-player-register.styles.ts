import { css } from 'lit';
import { buttonStyles, fieldStyles, panelStyles } from '../shared-styles.js';

export default [
  panelStyles,
  buttonStyles,
  fieldStyles,
  css`
    form {
      display: flex;
      gap: 8px;
    }
    input {
      min-width: 0;
      flex: 1;
      padding: 0 12px;
      font: 600 17px var(--riffle-font);
    }
    /* The optional country for the stream's flag: two letters. */
    input[name='country'] {
      flex: 0 0 4.2em;
      text-transform: uppercase;
    }
    button {
      padding: 0 14px;
      font: 700 16px var(--riffle-font);
    }
    button:disabled {
      opacity: 0.4;
    }
    .register button {
      background: var(--riffle-accent);
      border-color: var(--riffle-accent);
      color: #05070d;
    }
    /* ONK MEC r1B: the TD's "place a registered player's stack" after the close, on its own line. */
    .register {
      flex-wrap: wrap;
    }
    .register .after-close {
      flex: 1 1 100%;
      min-height: 44px;
      white-space: normal;
      background: var(--riffle-paused);
      border-color: var(--riffle-paused);
    }
    /* The venue's players the letters found (issue 27): one tap registers. */
    .matches {
      list-style: none;
      margin: 0;
      padding: 0;
      display: grid;
      gap: 6px;
    }
    .matches button {
      width: 100%;
      min-height: 52px;
      display: grid;
      grid-template-columns: 28px minmax(0, 1fr) auto;
      align-items: center;
      gap: 10px;
      text-align: start;
      padding: 6px 12px;
      font: 600 16px var(--riffle-font);
    }
    .flag img {
      display: block;
      width: 28px;
      height: 21px;
      border-radius: 3px;
    }
    .who {
      display: flex;
      flex-direction: column;
      min-width: 0;
      flex: 1;
    }
    /* Names in full: a 40-character name wraps, never cut. */
    .name {
      overflow-wrap: anywhere;
    }
    .nick {
      color: var(--riffle-muted);
      font-weight: 500;
      overflow-wrap: anywhere;
    }
    .badge {
      font: 700 13px var(--riffle-font);
      padding: 3px 8px;
      border-radius: 999px;
      border: 1px solid var(--riffle-line);
      color: var(--riffle-muted);
      white-space: nowrap;
    }
    .badge.returning {
      color: #05070d;
      background: var(--riffle-accent);
      border-color: var(--riffle-accent);
    }
    .more,
    .note {
      margin: 0;
      color: var(--riffle-muted);
      font-size: 14px;
    }
    /* A pasted list of names: one a line (issue 23). */
    .paste summary {
      min-height: 44px;
      display: flex;
      align-items: center;
      color: var(--riffle-accent);
      font-weight: 700;
      cursor: pointer;
    }
    .paste form {
      display: grid;
      gap: 8px;
    }
    .paste textarea {
      box-sizing: border-box;
      width: 100%;
      min-height: 8em;
      font: 16px var(--riffle-font);
      color: var(--riffle-text);
      background: var(--riffle-bg);
      border: 1px solid var(--riffle-line);
      border-radius: 12px;
      padding: 10px;
    }
    .paste button {
      min-height: 48px;
      background: var(--riffle-accent);
      border-color: var(--riffle-accent);
      color: #05070d;
    }
    .list-report {
      margin: 8px 0 0;
      overflow-wrap: anywhere;
    }
    /* The lines a list could not settle: a choice each. */
    .ask {
      margin-top: 10px;
    }
    .ask-title {
      margin: 0;
      font-weight: 700;
    }
    .ask fieldset {
      margin: 0;
      border: 1px solid var(--riffle-line);
      border-radius: 12px;
      padding: 6px 10px 10px;
      min-width: 0;
    }
    .ask legend {
      font-weight: 700;
      overflow-wrap: anywhere;
      max-width: 100%;
    }
    .choice {
      display: flex;
      align-items: center;
      gap: 8px;
      min-height: 44px;
      overflow-wrap: anywhere;
    }
    .choice input {
      flex: 0 0 22px;
      min-height: 22px;
      width: 22px;
      height: 22px;
      padding: 0;
      margin: 0;
    }
  `,
];
