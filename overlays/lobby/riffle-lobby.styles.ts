import { css } from 'lit';

/** Sized in `--u` (1 % of the 16:9 frame's height): legible from across the room on any TV. */
export default css`
  :host {
    position: fixed;
    inset: 0;
    display: block;
    overflow: hidden;
    background: radial-gradient(ellipse at 50% 35%, #0d1424 0%, var(--riffle-bg) 70%);
    color: var(--riffle-text);
    font-family: var(--riffle-font);
    --u: min(1vh, 0.5625vw);
  }
  .frame {
    box-sizing: border-box;
    height: 100%;
    max-width: calc(177.78 * var(--u));
    margin: 0 auto;
    padding: calc(3 * var(--u)) calc(4 * var(--u));
    display: flex;
    flex-direction: column;
    gap: calc(2 * var(--u));
  }
  header {
    display: grid;
    grid-template-columns: 1fr auto 1fr;
    align-items: baseline;
    border-bottom: calc(0.25 * var(--u)) solid var(--riffle-line);
    padding-bottom: calc(1.4 * var(--u));
  }
  .brand {
    font-size: calc(2.6 * var(--u));
    font-weight: 800;
    letter-spacing: 0.3em;
    color: var(--riffle-accent);
  }
  h1 {
    margin: 0;
    font-size: calc(5 * var(--u));
    font-weight: 800;
    letter-spacing: 0.06em;
    text-transform: uppercase;
  }
  .side {
    justify-self: end;
    display: flex;
    align-items: baseline;
    gap: calc(2 * var(--u));
  }
  .page {
    font-size: calc(2.6 * var(--u));
    font-weight: 800;
    color: var(--riffle-muted);
    font-variant-numeric: tabular-nums;
  }
  .conn {
    font-size: calc(2 * var(--u));
    color: var(--riffle-danger);
  }
  .empty {
    margin: auto;
    font-size: calc(3.6 * var(--u));
    color: var(--riffle-muted);
  }
  /* One row per tournament (two for a finished one with its final table). */
  .board {
    flex: 1;
    min-height: 0;
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    /* Rows share about 78u of height, at most 16u each (three tournaments do not fill a TV); a page holds 6 (./pages.ts), so a row is never under 13u. */
    --row: calc(min(16, 78 / var(--rows)) * var(--u));
    grid-template-rows: repeat(var(--rows), var(--row));
    align-content: start;
    gap: calc(1.4 * var(--u));
  }
  /*
   * The name takes what the level, the clock and the players left leave: those three are sized by
   * their text ("preostalo 300 od 300" on one line; it wrapped in a fixed share of the row).
   */
  .board > li {
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto auto auto;
    align-items: center;
    gap: calc(2 * var(--u));
    padding: 0 calc(2.4 * var(--u));
    border-radius: calc(1.4 * var(--u));
    background: var(--riffle-surface);
    border: calc(0.2 * var(--u)) solid var(--riffle-line);
    font-size: calc(var(--row) * 0.26);
    min-height: 0;
    overflow: hidden;
  }
  .board > li.break {
    border-color: var(--riffle-break);
  }
  /* Two lines for a long name, then an ellipsis. */
  .name {
    font-weight: 800;
    font-size: 1.15em;
    line-height: 1.15;
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 2;
    overflow: hidden;
  }
  .level {
    display: flex;
    flex-direction: column;
    min-width: 0;
  }
  .item {
    font-weight: 800;
    text-transform: uppercase;
    letter-spacing: 0.06em;
    color: var(--riffle-accent);
  }
  .board > li.break .item {
    color: var(--riffle-break);
  }
  /* Blinds and ante each whole, the ante on a line of its own when both do not fit ("1,500 / 3,000 ..." was cut). */
  .blinds {
    font-variant-numeric: tabular-nums;
    display: flex;
    flex-wrap: wrap;
    column-gap: 0.6em;
    min-width: 0;
  }
  .blinds > span {
    white-space: nowrap;
  }
  .time {
    text-align: center;
    white-space: nowrap;
  }
  .countdown {
    font-size: 2em;
    font-weight: 900;
    font-variant-numeric: tabular-nums;
  }
  .pill {
    font-weight: 800;
    color: var(--riffle-paused);
  }
  /* Over: the winner where the blinds were (with more room than the level has), the time played under the status. */
  .board > li.finished {
    border-color: var(--riffle-accent);
    grid-template-columns: minmax(0, 1fr) minmax(0, 1.2fr) auto auto;
  }
  .board > li.finished .pill {
    color: var(--riffle-accent);
  }
  /* With the final table below: three rows of the board, the places under the first line. */
  .board > li.table {
    grid-row: span 3;
    align-content: center;
    row-gap: calc(var(--row) * 0.08);
  }
  /* Three rows of height: a long name in full on up to four lines (its column is the narrowest). */
  .board > li.table .name {
    -webkit-line-clamp: 4;
  }
  /* The winner's name in full where it fits, on two lines at most. */
  .winner .who {
    line-height: 1.15;
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 2;
    overflow: hidden;
    overflow-wrap: anywhere;
  }
  .winner .line {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    column-gap: 0.8em;
  }
  .prize {
    font-weight: 700;
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
  }
  .deal {
    font-size: 0.7em;
    color: var(--riffle-accent);
    text-transform: uppercase;
  }
  /* The final table from 2nd down, in two columns read downwards, as the venue display's results. */
  .places {
    grid-column: 1 / -1;
    list-style: none;
    margin: 0;
    padding: calc(var(--row) * 0.06) 0 0;
    border-top: calc(0.15 * var(--u)) solid var(--riffle-line);
    display: grid;
    grid-auto-flow: column;
    grid-template-rows: repeat(var(--places), auto);
    grid-template-columns: repeat(2, minmax(0, 1fr));
    column-gap: calc(4 * var(--u));
    /* Two 40-character names side by side fit at 2.2u; a lone tournament's taller row does not make them bigger. */
    font-size: min(0.62em, calc(2.2 * var(--u)));
    line-height: 1.3;
  }
  .places li {
    display: grid;
    grid-template-columns: 2.8em minmax(0, 1fr) auto;
    align-items: baseline;
    gap: 0.5em;
    min-width: 0;
  }
  /* A seat winner's row says "Seat" (in any language) where a place number stands. */
  .places li.seat {
    grid-template-columns: auto minmax(0, 1fr) auto;
  }
  .places .place {
    color: var(--riffle-muted);
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
  }
  .places .who {
    font-weight: 700;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  .time .played {
    display: block;
    font-size: 0.8em;
    color: var(--riffle-muted);
    white-space: nowrap;
  }
  .field {
    display: flex;
    flex-direction: column;
    align-items: flex-end;
    text-align: right;
    color: var(--riffle-muted);
    white-space: nowrap;
  }
  .pool {
    color: var(--riffle-text);
    font-weight: 700;
  }
  /* The league panel (?standings=): a card under the list, whose rows then share less height (3 a page: 13u each). */
  .frame.league ol {
    --row: calc(min(16, 40 / var(--rows)) * var(--u));
  }
  .league-panel {
    flex: none;
    height: auto;
    border: calc(0.2 * var(--u)) solid var(--riffle-line);
    border-radius: calc(1.4 * var(--u));
  }
`;
