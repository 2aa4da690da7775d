import { css } from 'lit';
import { buttonStyles, fieldStyles, panelStyles } from '../shared-styles.js';

export default [
  panelStyles,
  buttonStyles,
  fieldStyles,
  css`
    .summary {
      margin: 0;
      color: var(--riffle-muted);
      font-weight: 700;
    }
    form {
      display: flex;
      gap: 8px;
    }
    input,
    select {
      min-width: 0;
      flex: 1;
      padding: 0 12px;
      font: 600 17px var(--riffle-font);
    }
    input[name='count'] {
      flex: 0 0 64px;
    }
    button {
      padding: 0 14px;
      font: 700 16px var(--riffle-font);
    }
    button:disabled {
      opacity: 0.4;
    }
    .undo {
      background: var(--riffle-accent);
      border-color: var(--riffle-accent);
      color: #05070d;
    }
    .undo {
      background: var(--riffle-paused);
      border-color: var(--riffle-paused);
    }
    .list {
      margin: 0;
      padding: 0;
      list-style: none;
      display: flex;
      flex-direction: column;
      gap: 6px;
    }
    li {
      display: grid;
      /* minmax(0, …): a long name must not widen the column to its own length (the page would
         scroll sideways); it wraps inside instead. */
      grid-template-columns: minmax(0, 1fr) auto;
      gap: 6px;
      padding: 6px;
      border-radius: 14px;
      background: var(--riffle-surface);
      border: 1px solid var(--riffle-line);
    }
    li.out {
      opacity: 0.6;
    }
    .who {
      display: flex;
      flex-wrap: wrap;
      justify-content: space-between;
      align-items: baseline;
      min-width: 0;
      gap: 8px;
      border: 0;
      background: none;
      text-align: left;
    }
    /* A 40-character name wraps whole (two players may share the first 20 characters). */
    .name {
      flex: 1 1 9em;
      min-width: 0;
      overflow-wrap: break-word;
    }
    /* Wraps between its parts (the stack, the prize, the bounty) so none runs under the row's button. */
    .status {
      color: var(--riffle-muted);
      min-width: 0;
    }
    .status > span {
      white-space: nowrap;
    }
    /* Chips never counted are not a number (issue 23): the words, set apart from a count. */
    .uncounted {
      font-style: italic;
    }
    .when {
      font-size: 13px;
    }
    /* Table and seat on a line of their own under the name. */
    .where {
      flex: 1 1 100%;
      color: var(--riffle-muted);
      font-size: 14px;
      font-weight: 600;
    }
    .bust,
    .mark.on {
      background: var(--riffle-danger);
      border-color: var(--riffle-danger);
      color: #111;
    }
    .mark {
      border: 2px solid var(--riffle-danger);
    }
    /* The search keeps room for its placeholder ("Traži igrače"); a long button goes to a line of its own. */
    .find {
      display: flex;
      flex-wrap: wrap;
      gap: 8px;
    }
    .find .search {
      flex: 1 1 11em;
      min-width: 0;
    }
    .find button {
      flex: 1 1 auto;
    }
    .find button[aria-pressed='true'] {
      border-color: var(--riffle-danger);
      color: var(--riffle-danger);
    }
    /* Marking a hand's busts: room to scroll every row above the bust sheet (at most half the screen). */
    .list.marking {
      padding-bottom: 50dvh;
    }
    .penalties,
    .actions {
      grid-column: 1 / -1;
      min-width: 0;
      display: flex;
      flex-wrap: wrap;
      gap: 6px;
    }
    .penalty {
      display: inline-flex;
      align-items: center;
      gap: 6px;
      color: var(--riffle-paused);
      font-weight: 700;
    }
    .actions form {
      flex: 1 1 100%;
      /* Without this the form's min-content width (the penalty select's longest option) pushes the
         Penalty button past the right edge of a 390 px phone and widens the whole page. */
      min-width: 0;
    }
    /* Who eliminated him (issue 25): a 40-character name wraps rather than widen the page. */
    .eliminated-by {
      flex: 1 1 100%;
      min-width: 0;
      overflow-wrap: anywhere;
      color: var(--riffle-muted);
    }
    /* The bust confirm under the row; a 40-character name wraps inside the button. */
    .confirm {
      grid-column: 1 / -1;
      display: grid;
      grid-template-columns: auto 1fr;
      gap: 8px;
      padding-top: 8px;
    }
    .confirm button {
      min-height: 48px;
      white-space: normal;
      overflow-wrap: anywhere;
    }
    .confirm .danger {
      background: var(--riffle-danger);
      border-color: var(--riffle-danger);
      color: #0b0f17;
      font-weight: 800;
    }
    button[data-action='reenter'].danger {
      background: var(--riffle-danger);
      border-color: var(--riffle-danger);
      color: #fff;
    }
    .won {
      grid-column: 1 / -1;
      margin: 0;
      font-size: 14px;
      color: var(--riffle-accent);
      overflow-wrap: anywhere;
    }
  `,
];
