import { css } from 'lit';

export default css`
  /* Slotted beside the clock face's stage, which lays it out (see the clock face's aside slot). */
  :host {
    display: block;
    --u: min(1vh, 0.5625vw);
    font-family: var(--riffle-font);
    color: var(--riffle-text);
  }
  .ladder {
    box-sizing: border-box;
    width: calc(34 * var(--u));
    padding: calc(1.4 * var(--u)) calc(1.8 * var(--u));
    border-radius: calc(1.4 * var(--u));
    background: color-mix(in srgb, var(--riffle-surface) 92%, transparent);
    border: calc(0.2 * var(--u)) solid var(--riffle-line);
  }
  h2 {
    margin: 0 0 calc(0.8 * var(--u));
    font-size: calc(2.2 * var(--u));
    font-weight: 800;
    letter-spacing: 0.07em;
    text-transform: uppercase;
    color: var(--riffle-muted);
  }
  ol {
    margin: 0;
    padding: 0;
    list-style: none;
  }
  li {
    display: flex;
    justify-content: space-between;
    gap: calc(2 * var(--u));
    font-size: calc(2.8 * var(--u));
    font-weight: 700;
    font-variant-numeric: tabular-nums;
    line-height: 1.35;
  }
  /* A deal's player by name: the name across the box (whole words), his amount under it. */
  li[data-deal] {
    flex-direction: column;
    gap: 0;
    font-size: calc(2.4 * var(--u));
    padding-bottom: calc(0.4 * var(--u));
  }
  li[data-deal] .amount {
    align-self: flex-end;
  }
  /* Whole words on a line where they fit (anywhere would let the flex row squeeze a name to syllables). */
  .name {
    overflow-wrap: break-word;
  }
  /* A deal share the TD confirmed below the prize the player was sure of (issue 23). */
  .below-mark {
    display: block;
    font-size: 0.7em;
    font-weight: 700;
    color: var(--riffle-paused);
  }
  .amount {
    white-space: nowrap;
  }
  li.paid {
    color: var(--riffle-muted);
    text-decoration: line-through;
  }
`;
