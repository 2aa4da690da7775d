import { css } from 'lit';

export default css`
  /* Slotted left of the clock face's stage, which lays it out (see the clock face's aside-start slot). */
  :host {
    pointer-events: none;
    display: block;
    --u: min(1vh, 0.5625vw);
    font-family: var(--riffle-font);
    color: var(--riffle-text);
  }
  .board {
    box-sizing: border-box;
    max-width: calc(44 * var(--u));
    background: color-mix(in srgb, var(--riffle-surface) 92%, transparent);
    border: 1px solid var(--riffle-line);
    border-radius: calc(1.6 * var(--u));
    padding: calc(1.6 * var(--u)) calc(2.2 * var(--u));
  }
  h2 {
    margin: 0 0 calc(1 * var(--u));
    font-size: calc(2.6 * var(--u));
    letter-spacing: 0.08em;
    text-transform: uppercase;
    color: var(--riffle-accent);
  }
  ol {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: calc(0.7 * var(--u));
  }
  li {
    font-size: calc(2.8 * var(--u));
    font-weight: 600;
    font-variant-numeric: tabular-nums;
  }
  .kind {
    color: var(--riffle-muted);
    font-size: calc(2 * var(--u));
    font-weight: 500;
    margin-right: calc(1 * var(--u));
  }
  .call {
    margin-top: calc(1.2 * var(--u));
    font-size: calc(2.6 * var(--u));
    color: var(--riffle-paused);
    font-weight: 700;
  }
`;
