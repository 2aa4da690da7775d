import { css } from 'lit';

export default css`
  :host {
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
