import { css } from 'lit';

/** Sized in `--u` (1 % of the 16:9 frame's height), so the layout is the same on any TV. */
export default css`
  :host {
    display: flex;
    flex-direction: column;
    box-sizing: border-box;
    height: 100%;
    max-width: calc(177.78 * var(--u));
    margin: 0 auto;
    --u: min(1vh, 0.5625vw);
    font-family: var(--riffle-font);
    color: var(--riffle-text);
    /* The top 6u stay free for the corner badges (offline, "click to enable sound"). */
    padding: calc(6 * var(--u)) calc(4 * var(--u)) calc(2 * var(--u));
  }
  header {
    flex: none;
    display: grid;
    /* The tournament's name takes what the title and the clock leave (an equal share with the clock cut it short). */
    grid-template-columns: minmax(0, 1fr) auto auto;
    align-items: baseline;
    gap: calc(2 * var(--u));
    padding-bottom: calc(1.2 * var(--u));
    margin-bottom: calc(1.6 * var(--u));
    border-bottom: calc(0.25 * var(--u)) solid var(--riffle-line);
  }
  .name {
    font-size: calc(3 * var(--u));
    font-weight: 800;
    letter-spacing: 0.06em;
    text-transform: uppercase;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  h2 {
    margin: 0;
    font-size: calc(4 * var(--u));
    color: var(--riffle-accent);
    white-space: nowrap;
  }
  h2 small {
    font-size: 0.6em;
    color: var(--riffle-muted);
  }
  .clock {
    justify-self: end;
    font-size: calc(3 * var(--u));
    font-weight: 700;
    color: var(--riffle-muted);
    white-space: nowrap;
  }
  .clock b {
    color: var(--riffle-text);
    font-size: 1.3em;
    font-variant-numeric: tabular-nums;
  }
  /* Columns as the layout says (seatDrawLayout): its type size, a column at most 100u wide, centred. */
  .columns {
    flex: 1;
    min-height: 0;
    display: grid;
    grid-template-columns: repeat(var(--columns), minmax(0, calc(var(--column) * var(--u))));
    justify-content: center;
    align-items: start;
    column-gap: calc(3 * var(--u));
    font-size: calc(var(--size) * var(--u));
    line-height: 1.3;
    font-variant-numeric: tabular-nums;
  }
  ol {
    min-width: 0;
    list-style: none;
    margin: 0;
    padding: 0;
  }
  li {
    display: flex;
    justify-content: space-between;
    align-items: baseline;
    gap: calc(1 * var(--u));
    min-width: 0;
    padding: calc(0.2 * var(--u)) 0;
    border-bottom: 1px solid var(--riffle-line);
  }
  /* The name in full where the column has room, on a second line where it needs one. */
  .who {
    min-width: 0;
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 2;
    overflow: hidden;
    overflow-wrap: anywhere;
  }
  .where {
    flex: none;
    font-weight: 800;
    white-space: nowrap;
  }
  footer {
    flex: none;
    display: flex;
    justify-content: space-between;
    align-items: baseline;
    gap: calc(2 * var(--u));
    margin-top: calc(1 * var(--u));
    font-size: calc(2.2 * var(--u));
  }
  .waiting {
    margin: 0;
    color: var(--riffle-paused);
  }
  .page {
    color: var(--riffle-muted);
    font-weight: 700;
  }
  .empty {
    font-size: calc(3 * var(--u));
    text-align: center;
  }
`;
