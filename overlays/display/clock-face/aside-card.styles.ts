import { css } from 'lit';

/**
 * The card a panel slotted beside the clock face's stage draws (the payout ladder on the right,
 * the bounty board on the left): one size, one surface, so the two sides match.
 */
export const asideHost = css`
  :host {
    display: block;
    --u: min(1vh, 0.5625vw);
    font-family: var(--riffle-font);
    color: var(--riffle-text);
  }
`;

export const asideCard = css`
  box-sizing: border-box;
  width: calc(34 * var(--u));
  padding: calc(1.4 * var(--u)) calc(1.8 * var(--u));
  border-radius: calc(1.4 * var(--u));
  background: color-mix(in srgb, var(--riffle-surface) 92%, transparent);
  border: calc(0.2 * var(--u)) solid var(--riffle-line);
`;
