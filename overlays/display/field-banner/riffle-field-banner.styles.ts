import { css } from 'lit';

export default css`
  /* Slotted into the clock face, which places it under the stage, just above the tiles. */
  :host {
    display: block;
    pointer-events: none;
    --u: min(1vh, 0.5625vw);
    font-family: var(--riffle-font);
  }
  .notices {
    padding-top: calc(1 * var(--u));
    display: flex;
    flex-wrap: wrap;
    justify-content: center;
    gap: calc(1 * var(--u));
  }
  .notice {
    padding: calc(0.8 * var(--u)) calc(2 * var(--u));
    border-radius: calc(1 * var(--u));
    background: var(--riffle-surface-2);
    border: calc(0.2 * var(--u)) solid var(--riffle-line);
    color: var(--riffle-text);
    font-size: calc(2.8 * var(--u));
    font-weight: 800;
    white-space: nowrap;
  }
  .hfh {
    background: var(--riffle-danger);
    border-color: var(--riffle-danger);
    color: #111;
    letter-spacing: 0.05em;
    text-transform: uppercase;
  }
  .color-up.now {
    border-color: var(--riffle-break);
    color: var(--riffle-break);
  }
  .winner {
    border-color: var(--riffle-accent);
    color: var(--riffle-accent);
  }
  .label {
    color: var(--riffle-muted);
  }
`;
