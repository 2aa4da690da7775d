import { css } from 'lit';

export default css`
  /* Top left of the display, clear of the halted notice (top centre). */
  :host {
    position: fixed;
    top: calc(2 * var(--u));
    left: calc(2 * var(--u));
    z-index: 4;
    pointer-events: none;
    display: block;
    --u: min(1vh, 0.5625vw);
    font-family: var(--riffle-font);
  }
  .cue {
    background: var(--riffle-accent, #e0b84a);
    color: #0b0f17;
    border-radius: calc(1.4 * var(--u));
    padding: calc(1 * var(--u)) calc(2.2 * var(--u));
    box-shadow: 0 calc(0.6 * var(--u)) calc(3 * var(--u)) rgb(0 0 0 / 0.5);
    max-width: 40vw;
  }
  strong {
    display: block;
    font-size: calc(3 * var(--u));
    text-transform: uppercase;
    letter-spacing: 0.05em;
  }
  span {
    font-size: calc(2.6 * var(--u));
    font-weight: 600;
    font-variant-numeric: tabular-nums;
  }
  /* On the venue display: in the clock face's alert line above the stage (the stage shrinks),
     so it never covers the tournament name or the tiles. */
  :host([slot='alerts']) {
    position: static;
    transform: none;
    align-self: center;
    margin: calc(0.6 * var(--u)) auto 0;
  }
`;
