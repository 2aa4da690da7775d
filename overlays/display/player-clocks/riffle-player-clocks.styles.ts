import { css } from 'lit';

export default css`
  /* The display: banners over the clock face, bottom centre; the phone: in the page flow. */
  :host {
    position: fixed;
    bottom: calc(3 * var(--u));
    left: 50%;
    transform: translateX(-50%);
    z-index: 5;
    display: flex;
    flex-direction: column;
    gap: calc(1 * var(--u));
    max-width: 90vw;
    pointer-events: none;
    --u: min(1vh, 0.5625vw);
    font-family: var(--riffle-font);
  }
  :host([compact]) {
    position: static;
    transform: none;
    max-width: none;
    pointer-events: auto;
    --u: 4px;
    margin: 8px 0;
  }
  .banner {
    display: grid;
    grid-template-columns: 1fr auto;
    align-items: center;
    gap: 0 calc(2.4 * var(--u));
    background: var(--riffle-panel, #151b26);
    color: var(--riffle-text, #f5f7fa);
    border: calc(0.4 * var(--u)) solid var(--riffle-accent, #e0b84a);
    border-radius: calc(1.4 * var(--u));
    padding: calc(1.2 * var(--u)) calc(2.4 * var(--u));
    box-shadow: 0 calc(0.6 * var(--u)) calc(3 * var(--u)) rgb(0 0 0 / 0.5);
  }
  .banner.counting,
  .banner.up {
    border-color: var(--riffle-danger, #ff5c5c);
  }
  .banner.up {
    background: var(--riffle-danger, #ff5c5c);
    color: #0b0f17;
  }
  .who {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 0 calc(1.2 * var(--u));
    min-width: 0;
  }
  .label {
    font-size: calc(2.2 * var(--u));
    text-transform: uppercase;
    letter-spacing: 0.06em;
    color: var(--riffle-accent, #e0b84a);
    font-weight: 700;
  }
  .banner.up .label {
    color: inherit;
  }
  .name {
    font-size: calc(3.6 * var(--u));
    font-weight: 700;
    overflow-wrap: anywhere;
  }
  .where {
    font-size: calc(2.4 * var(--u));
    opacity: 0.8;
  }
  .time {
    grid-row: span 2;
    font-size: calc(6 * var(--u));
    font-weight: 800;
    font-variant-numeric: tabular-nums;
    text-align: right;
  }
  .banner.counting .time {
    font-size: calc(8 * var(--u));
    color: var(--riffle-danger, #ff5c5c);
  }
  /* Time up: the house's outcome is a sentence, so it goes under the name, full width (it took
     the second column and squeezed the name to one letter per line on a phone). */
  .banner.up {
    grid-template-columns: minmax(0, 1fr);
  }
  .banner.up .time {
    grid-row: auto;
    text-align: left;
    font-size: calc(3.6 * var(--u));
  }
  .rule {
    font-size: calc(2 * var(--u));
    opacity: 0.75;
  }
  .stop {
    grid-column: 1 / -1;
    margin-top: 6px;
    min-height: 44px;
    font: inherit;
    font-weight: 700;
    border-radius: 8px;
    border: 1px solid currentColor;
    background: transparent;
    color: inherit;
  }
  :host([compact]) .time {
    font-size: 28px;
  }
  :host([compact]) .banner.counting .time {
    font-size: 36px;
  }
  :host([compact]) .banner.up .time {
    font-size: 16px;
  }
  :host([compact]) .name {
    font-size: 18px;
  }
  :host([compact]) .label,
  :host([compact]) .where,
  :host([compact]) .rule {
    font-size: 13px;
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
