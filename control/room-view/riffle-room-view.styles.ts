import { css } from 'lit';
import { buttonStyles, fieldStyles, sheetStyles } from '../shared-styles.js';

export default [
  buttonStyles,
  fieldStyles,
  sheetStyles,
  css`
    :host {
      display: block;
    }
    .tools {
      display: flex;
      flex-wrap: wrap;
      gap: 8px;
      margin-bottom: 10px;
    }
    .tables {
      display: grid;
      grid-template-columns: repeat(auto-fill, minmax(min(100%, 300px), 1fr));
      gap: 10px;
    }
    .table {
      padding: 10px 12px 12px;
      border-radius: 16px;
      background: var(--riffle-surface);
      border: 1px solid var(--riffle-line);
    }
    .table.halted {
      border-color: var(--riffle-danger);
    }
    .head {
      display: flex;
      justify-content: space-between;
      align-items: baseline;
      margin-bottom: 8px;
    }
    .head strong {
      font-size: 18px;
    }
    .head span {
      color: var(--riffle-muted);
      font-size: 14px;
    }
    .hand-row {
      display: flex;
      justify-content: space-between;
      align-items: center;
      gap: 8px;
      margin-top: 8px;
      color: var(--riffle-muted);
      font-size: 14px;
    }
    .hand-row span {
      flex: none;
      white-space: nowrap;
    }
    .hand-row button {
      min-width: 0;
      white-space: normal;
    }
    /*
     * A player's seat is a row as wide as the card, his name on two lines then clamped (the full
     * name in the title and on the sheet a tap opens); an empty seat takes half a row. Two
     * columns of a 390 px phone cut names after about nine letters. A wide card (tablet) has
     * room for two players a row.
     */
    .table {
      container-type: inline-size;
    }
    .seats {
      display: grid;
      grid-template-columns: 1fr 1fr;
      gap: 6px;
    }
    .seat:not(.empty, .off) {
      grid-column: 1 / -1;
    }
    @container (min-width: 34em) {
      .seat:not(.empty, .off) {
        grid-column: auto;
      }
    }
    button {
      font: 600 15px var(--riffle-font);
      padding: 0 12px;
    }
    .seat {
      display: flex;
      align-items: center;
      gap: 6px;
      text-align: left;
      padding: 4px 8px;
      overflow: hidden;
    }
    .seat .no {
      color: var(--riffle-muted);
      font-size: 13px;
      min-width: 2.2em;
    }
    .seat .who {
      flex: 1;
      min-width: 0;
      line-height: 1.2;
      display: -webkit-box;
      -webkit-box-orient: vertical;
      -webkit-line-clamp: 2;
      overflow: hidden;
      overflow-wrap: anywhere;
    }
    .seat .no,
    .seat .mark {
      flex: none;
    }
    .seat.empty .who,
    .seat.off .who {
      color: var(--riffle-muted);
      font-weight: 400;
    }
    .seat.waiting .who {
      font-style: italic;
    }
    .seat.marked {
      border: 2px solid var(--riffle-danger);
      background: color-mix(in srgb, var(--riffle-danger) 22%, var(--riffle-surface-2));
    }
    .seat.marked .who {
      text-decoration: line-through;
    }
    .tables.marking .seat:disabled {
      opacity: 0.45;
    }
    /* Marking a hand's busts: room to scroll every seat above the bust sheet (at most half the screen). */
    .tables.marking {
      padding-bottom: 50dvh;
    }
    .mark {
      font-size: 11px;
      font-weight: 800;
      border-radius: 6px;
      padding: 1px 5px;
      background: var(--riffle-line);
    }
    .mark.btn {
      background: var(--riffle-text);
      color: var(--riffle-bg);
    }
    .waiting-list {
      color: var(--riffle-paused);
      margin: 0 0 10px;
    }
    .sheet {
      padding: 16px 16px calc(16px + env(safe-area-inset-bottom));
      border-top: 1px solid var(--riffle-line);
      gap: 10px;
    }
    .sheet h3 {
      margin: 0;
      font-size: 18px;
    }
    select {
      font: 600 15px var(--riffle-font);
      padding: 0 8px;
    }
    .muted {
      color: var(--riffle-muted);
    }
  `,
];
