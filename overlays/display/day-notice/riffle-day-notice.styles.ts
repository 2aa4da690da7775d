import { css } from 'lit';

export default css`
  :host {
    display: flex;
    flex-direction: column;
    align-items: center;
    gap: calc(1 * var(--u, 1vh));
    font-family: var(--riffle-font);
    --u: min(1vh, 0.5625vw);
  }
  .box {
    background: rgb(255 255 255 / 0.08);
    border: 1px solid rgb(255 255 255 / 0.18);
    border-radius: calc(1.4 * var(--u));
    padding: calc(1 * var(--u)) calc(2.4 * var(--u));
    text-align: center;
    max-width: 90vw;
  }
  .day {
    background: var(--riffle-accent, #f5b942);
    color: #0b0f17;
  }
  .resized {
    background: var(--riffle-info, #5aa9ff);
    color: #0b0f17;
  }
  strong {
    font-size: calc(3 * var(--u));
    text-transform: uppercase;
    letter-spacing: 0.05em;
  }
  .card {
    display: inline-block;
    background: #fff;
    color: #0b0f17;
    border-radius: calc(0.6 * var(--u));
    padding: 0 calc(0.8 * var(--u));
    margin-left: calc(1 * var(--u));
    font-variant-numeric: tabular-nums;
  }
  .card.red {
    color: #c81e1e;
  }
  p {
    margin: calc(0.4 * var(--u)) 0 0;
    font-size: calc(2.6 * var(--u));
    font-weight: 700;
  }
  .tables {
    display: flex;
    flex-wrap: wrap;
    justify-content: center;
    gap: calc(0.6 * var(--u)) calc(2.4 * var(--u));
  }
  .table.done {
    opacity: 0.55;
  }
  ol {
    list-style: none;
    margin: calc(0.4 * var(--u)) 0 0;
    padding: 0;
    display: flex;
    flex-wrap: wrap;
    justify-content: center;
    gap: calc(0.4 * var(--u)) calc(2 * var(--u));
    font-size: calc(2.4 * var(--u));
  }
`;
