import { css } from 'lit';

export default css`
  /* Placed over the clock face, top centre. */
  :host {
    position: fixed;
    top: calc(2 * var(--u));
    left: 50%;
    transform: translateX(-50%);
    z-index: 4;
    max-width: 80vw;
    pointer-events: none;
    display: block;
    --u: min(1vh, 0.5625vw);
    font-family: var(--riffle-font);
  }
  .notice {
    background: var(--riffle-danger);
    color: #0b0f17;
    border-radius: calc(1.4 * var(--u));
    padding: calc(1.2 * var(--u)) calc(2.4 * var(--u));
    box-shadow: 0 calc(0.6 * var(--u)) calc(3 * var(--u)) rgb(0 0 0 / 0.5);
  }
  strong {
    display: block;
    font-size: calc(3.2 * var(--u));
    text-transform: uppercase;
    letter-spacing: 0.06em;
  }
  p {
    margin: calc(0.4 * var(--u)) 0 0;
    font-size: calc(2.6 * var(--u));
    font-weight: 600;
  }
`;
