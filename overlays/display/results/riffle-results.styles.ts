import { css } from 'lit';

export default css`
  :host {
    display: block;
    height: 100%;
    --u: min(1vh, 0.5625vw);
    font-family: var(--riffle-font);
    color: var(--riffle-text);
  }
  .results {
    box-sizing: border-box;
    height: 100%;
    /* Title-safe: 5% each side. */
    padding: 5vh 5vw;
    display: flex;
    flex-direction: column;
    align-items: center;
    gap: calc(2.2 * var(--u));
    text-align: center;
  }
  header {
    display: flex;
    flex-direction: column;
    align-items: center;
    gap: calc(0.8 * var(--u));
    max-width: 100%;
  }
  .brand {
    font-size: calc(2.4 * var(--u));
    font-weight: 800;
    letter-spacing: 0.3em;
    color: var(--riffle-accent);
  }
  h1 {
    margin: 0;
    font-size: calc(5 * var(--u));
    font-weight: 800;
    overflow-wrap: anywhere;
  }
  .over {
    margin: 0;
    font-size: calc(2.8 * var(--u));
    color: var(--riffle-muted);
    text-transform: uppercase;
    letter-spacing: 0.12em;
  }
  .winner {
    display: flex;
    flex-direction: column;
    align-items: center;
    gap: calc(0.6 * var(--u));
    padding: calc(1.6 * var(--u)) calc(5 * var(--u));
    border: calc(0.3 * var(--u)) solid var(--riffle-accent);
    border-radius: calc(1.5 * var(--u));
    max-width: 100%;
    box-sizing: border-box;
  }
  .winner .label {
    font-size: calc(2.6 * var(--u));
    color: var(--riffle-accent);
    text-transform: uppercase;
    letter-spacing: 0.12em;
    font-weight: 700;
  }
  /*
   * The winner's name on one line where it can be: smaller by its length (a bold character about
   * 0.64 em, the box about 150u wide) instead of a second line that pushed the 9th and 10th places
   * off a 10-handed final table.
   */
  .winner .name {
    font-size: min(calc(7.5 * var(--u)), calc(150 * var(--u) / (var(--chars, 20) * 0.64)));
    font-weight: 800;
    line-height: 1.1;
    overflow-wrap: anywhere;
  }
  .winner .prize {
    font-size: calc(4.2 * var(--u));
    font-weight: 700;
    font-variant-numeric: tabular-nums;
  }
  .places {
    list-style: none;
    margin: 0;
    padding: 0;
    width: min(100%, calc(120 * var(--u)));
    display: grid;
    gap: calc(0.5 * var(--u));
    flex: 0 1 auto;
    min-height: 0;
    overflow: hidden;
  }
  .places li {
    display: grid;
    grid-template-columns: calc(12 * var(--u)) minmax(0, 1fr) auto;
    align-items: baseline;
    gap: calc(2 * var(--u));
    padding: calc(0.5 * var(--u)) calc(1.5 * var(--u));
    border-bottom: calc(0.15 * var(--u)) solid var(--riffle-line);
    font-size: calc(3.2 * var(--u));
    text-align: left;
  }
  .places .place {
    color: var(--riffle-muted);
    font-variant-numeric: tabular-nums;
  }
  .places .name {
    font-weight: 700;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  /* Under a bounty format each row has a second line: the rows get smaller to keep a final table on screen. */
  .results.bounties {
    gap: calc(1.2 * var(--u));
  }
  .results.bounties h1 {
    font-size: calc(4 * var(--u));
  }
  .results.bounties .winner {
    padding: calc(1 * var(--u)) calc(4 * var(--u));
  }
  .results.bounties .winner .name {
    font-size: calc(5.5 * var(--u));
  }
  .results.bounties .winner .prize {
    font-size: calc(3.4 * var(--u));
  }
  .places.bounties {
    gap: calc(0.3 * var(--u));
  }
  .places.bounties li {
    font-size: calc(2.4 * var(--u));
    line-height: 1.15;
    padding-top: calc(0.2 * var(--u));
    padding-bottom: calc(0.2 * var(--u));
  }
  .ko {
    display: block;
    font-size: calc(1.6 * var(--u));
    line-height: 1.2;
    font-weight: 600;
    color: var(--riffle-muted);
    white-space: normal;
    overflow-wrap: anywhere;
  }
  .winner .ko {
    font-size: calc(2.2 * var(--u));
    text-align: center;
  }
  .places .prize {
    font-variant-numeric: tabular-nums;
    text-align: right;
    white-space: nowrap;
  }
  .deal {
    display: inline-block;
    padding: 0 calc(0.8 * var(--u));
    border: calc(0.15 * var(--u)) solid currentColor;
    border-radius: calc(0.6 * var(--u));
    font-size: 0.6em;
    font-weight: 700;
    text-transform: uppercase;
    vertical-align: middle;
    color: var(--riffle-accent);
  }
  footer {
    margin-top: auto;
    display: flex;
    flex-wrap: wrap;
    justify-content: center;
    gap: calc(1 * var(--u)) calc(4 * var(--u));
    font-size: calc(2.8 * var(--u));
    color: var(--riffle-muted);
  }
  /* A satellite's seat winners: names in full in columns, smaller as there are more rows. */
  .winner.seats {
    width: min(100%, calc(150 * var(--u)));
  }
  .seat-names {
    list-style: none;
    margin: 0;
    padding: 0;
    width: 100%;
    display: grid;
    grid-template-columns: repeat(var(--cols, 2), minmax(0, 1fr));
    gap: calc(0.6 * var(--u)) calc(3 * var(--u));
  }
  /*
   * Each name on one line where it can be: the column's width (150u shared by the columns, less
   * the gaps) over the longest name (a bold character about 0.64 em), and smaller as rows add up.
   */
  .seat-names li {
    font-size: min(calc(4.4 * var(--u)), calc((150 * var(--u) / var(--cols, 1) - 4 * var(--u)) / (var(--chars, 20) * 0.64)), calc(30 * var(--u) / var(--rows, 1)));
    font-weight: 800;
    line-height: 1.2;
    overflow-wrap: anywhere;
  }
  .seat-names .name {
    font-size: inherit;
    line-height: inherit;
  }
  .seat-names .deal {
    margin-left: calc(1 * var(--u));
    font-size: 0.5em;
  }
`;
