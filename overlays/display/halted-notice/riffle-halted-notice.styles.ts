import { css } from 'lit';

export default css`
  /* In the clock face's alerts slot: its own line above the stage, never over the name or level. */
  :host {
    display: block;
    --u: min(1vh, 0.5625vw);
    font-family: var(--riffle-font);
    text-align: center;
  }
  .notice {
    display: inline-block;
    max-width: 100%;
    box-sizing: border-box;
    margin-bottom: calc(1 * var(--u));
    background: var(--riffle-danger);
    color: #0b0f17;
    border-radius: calc(1.4 * var(--u));
    padding: calc(0.8 * var(--u)) calc(2.4 * var(--u));
  }
  strong {
    display: block;
    font-size: calc(2.8 * var(--u));
    text-transform: uppercase;
    letter-spacing: 0.06em;
  }
  p {
    margin: calc(0.2 * var(--u)) 0 0;
    font-size: calc(2.2 * var(--u));
    font-weight: 600;
  }
`;
