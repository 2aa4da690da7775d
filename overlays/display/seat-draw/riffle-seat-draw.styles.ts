import { css } from 'lit';

export default css`
  :host {
    display: block;
    height: 100%;
    --u: min(1vh, 0.5625vw);
    font-family: var(--riffle-font);
    color: var(--riffle-text);
    box-sizing: border-box;
    padding: calc(7 * var(--u)) calc(4 * var(--u)) calc(3 * var(--u));
  }
  h2 {
    text-align: center;
    margin: 0 0 calc(2 * var(--u));
    font-size: calc(4.5 * var(--u));
    color: var(--riffle-accent);
  }
  ol {
    list-style: none;
    margin: 0;
    padding: 0;
    columns: var(--columns, 4);
    column-gap: calc(4 * var(--u));
    font-size: calc(var(--size, 2.4) * var(--u));
    font-variant-numeric: tabular-nums;
  }
  li {
    display: flex;
    justify-content: space-between;
    gap: calc(1.5 * var(--u));
    break-inside: avoid;
    padding: calc(0.2 * var(--u)) 0;
    border-bottom: 1px solid var(--riffle-line);
  }
  .where {
    font-weight: 800;
    white-space: nowrap;
  }
  .waiting {
    margin-top: calc(2 * var(--u));
    font-size: calc(2.4 * var(--u));
    color: var(--riffle-paused);
  }
`;
