import { css } from 'lit';

/** The venue TV's league standings: title-safe (5% each side), read from 10 m. `compact`: the lobby's panel. */
export default css`
  :host {
    display: block;
    height: 100%;
    --u: min(1vh, 0.5625vw);
    font-family: var(--riffle-font);
    color: var(--riffle-text);
  }
  .standings {
    box-sizing: border-box;
    height: 100%;
    /* Title-safe (5 % each side); the top clears the display's sound badge. */
    padding: max(5vh, calc(7 * var(--u))) 5vw 5vh;
    display: flex;
    flex-direction: column;
    gap: calc(1.6 * var(--u));
  }
  header {
    display: flex;
    flex-direction: column;
    gap: calc(0.6 * var(--u));
    min-width: 0;
  }
  .label {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    font-size: calc(2.6 * var(--u));
    font-weight: 800;
    letter-spacing: 0.2em;
    text-transform: uppercase;
    color: var(--riffle-accent);
  }
  h1 {
    margin: 0;
    font-size: calc(5 * var(--u));
    font-weight: 800;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .rule {
    font-size: calc(2.4 * var(--u));
    color: var(--riffle-muted);
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  ol {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-direction: column;
    gap: calc(0.5 * var(--u));
    min-height: 0;
  }
  li {
    display: grid;
    grid-template-columns: calc(7 * var(--u)) minmax(0, 1fr) auto;
    gap: calc(2 * var(--u));
    align-items: baseline;
    padding: calc(0.9 * var(--u)) calc(2 * var(--u));
    border-radius: calc(1 * var(--u));
    background: rgba(255, 255, 255, 0.04);
    font-size: calc(4 * var(--u));
  }
  li.top {
    background: rgba(255, 255, 255, 0.09);
  }
  .rank {
    font-weight: 800;
    color: var(--riffle-muted);
    font-variant-numeric: tabular-nums;
  }
  .name {
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    font-weight: 600;
  }
  .points {
    font-weight: 800;
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
  }
  .points small {
    margin-left: calc(0.8 * var(--u));
    font-size: 0.6em;
    color: var(--riffle-muted);
  }
  /* The lobby's panel: a card beside the tournaments, smaller type, no title-safe padding of its own. */
  :host([compact]) .standings {
    padding: calc(2 * var(--u));
    gap: calc(1 * var(--u));
  }
  :host([compact]) h1 {
    font-size: calc(3.2 * var(--u));
  }
  :host([compact]) .label,
  :host([compact]) .rule {
    font-size: calc(2 * var(--u));
  }
  :host([compact]) li {
    font-size: calc(2.6 * var(--u));
    padding: calc(0.6 * var(--u)) calc(1.4 * var(--u));
  }
`;
