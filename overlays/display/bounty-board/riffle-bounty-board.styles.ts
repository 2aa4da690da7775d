import { css } from 'lit';
import { asideCard, asideHost } from '../clock-face/aside-card.styles.js';

export default css`
  /* Slotted beside the clock face's stage (its aside-start slot), as the payout ladder is on the right. */
  ${asideHost}
  .card {
    ${asideCard}
  }
  h2,
  h3 {
    margin: 0 0 calc(0.6 * var(--u));
    font-size: calc(2.2 * var(--u));
    font-weight: 800;
    letter-spacing: 0.07em;
    text-transform: uppercase;
    color: var(--riffle-muted);
    overflow-wrap: anywhere;
  }
  h3 {
    margin-top: calc(1 * var(--u));
    font-size: calc(1.8 * var(--u));
  }
  h2 + h2,
  .pool + h2,
  .bubble + h2 {
    margin-top: calc(1.4 * var(--u));
  }
  ol {
    margin: 0;
    padding: 0;
    list-style: none;
  }
  li,
  .pool {
    display: flex;
    justify-content: space-between;
    align-items: baseline;
    gap: calc(1.5 * var(--u));
    font-size: calc(2.4 * var(--u));
    font-weight: 700;
    font-variant-numeric: tabular-nums;
    line-height: 1.3;
  }
  .pool {
    font-size: calc(2.8 * var(--u));
  }
  .pool .label {
    font-size: calc(1.8 * var(--u));
    color: var(--riffle-muted);
  }
  /* A long name wraps inside the card, at most two lines (the card stays short beside the clock), the amount stays whole. */
  .name,
  .label {
    min-width: 0;
    overflow-wrap: anywhere;
  }
  .name {
    font-size: calc(2.2 * var(--u));
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 2;
    overflow: hidden;
  }
  li + li {
    margin-top: calc(0.4 * var(--u));
  }
  .amount,
  .count {
    flex: none;
    white-space: nowrap;
  }
  .seats {
    display: flex;
    align-items: baseline;
    gap: calc(1.2 * var(--u));
  }
  .seats .big {
    font-size: calc(6 * var(--u));
    font-weight: 800;
    line-height: 1;
    font-variant-numeric: tabular-nums;
  }
  .seats .label {
    font-size: calc(2 * var(--u));
    color: var(--riffle-muted);
  }
  .bubble {
    margin-top: calc(1 * var(--u));
    padding: calc(0.6 * var(--u)) calc(1.2 * var(--u));
    border-radius: calc(0.8 * var(--u));
    font-size: calc(2.4 * var(--u));
    font-weight: 800;
    text-align: center;
    text-transform: uppercase;
    letter-spacing: 0.06em;
    color: var(--riffle-bg);
    background: var(--riffle-paused);
    overflow-wrap: anywhere;
  }
`;
