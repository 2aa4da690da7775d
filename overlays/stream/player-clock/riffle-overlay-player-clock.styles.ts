import { css } from 'lit';

export default css`
  :host {
    --riffle-overlay-enter-x: 48px;
    --riffle-overlay-enter-y: 0px;
  }
  /* Under the clock bug (docs/OVERLAYS.md "Layout"): who on the left, the seconds on the right. */
  .player-clock {
    left: var(--riffle-safe-x);
    top: var(--riffle-player-clock-top);
    width: var(--riffle-player-clock-width);
    min-height: 124px;
    max-height: 140px;
    padding: 12px 24px 18px;
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto;
    grid-template-rows: auto auto;
    column-gap: 20px;
    align-items: center;
  }
  .label {
    display: flex;
    gap: 14px;
    align-items: baseline;
    font-size: 28px;
    font-weight: 800;
    letter-spacing: 0.06em;
    text-transform: uppercase;
    color: var(--riffle-overlay-warn);
  }
  .label .seat {
    letter-spacing: 0;
    text-transform: none;
    font-weight: 600;
  }
  /* The name, fitted (lib/fit-name.ts): two lines of the condensed face where it must. */
  .who {
    grid-column: 1;
    min-width: 0;
    font-size: 34px;
    font-weight: 700;
  }
  .time {
    grid-column: 2;
    grid-row: 1 / span 2;
    font-size: 80px;
    font-weight: 800;
    line-height: 1;
    color: var(--riffle-overlay-muted);
  }
  .counting .time {
    color: var(--riffle-overlay-down);
  }
  .bar {
    position: absolute;
    left: 0;
    right: 0;
    bottom: 0;
    height: 10px;
    background: var(--riffle-overlay-down);
    transform-origin: 0 50%;
    transition: transform 1s linear;
  }
`;
