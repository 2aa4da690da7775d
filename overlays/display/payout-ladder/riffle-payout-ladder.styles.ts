import { css } from 'lit';
import { asideCard, asideHost } from '../clock-face/aside-card.styles.js';

export default css`
  /* Slotted beside the clock face's stage, which lays it out (see the clock face's aside slot). */
  ${asideHost}
  .ladder {
    ${asideCard}
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
