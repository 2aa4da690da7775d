import { css } from 'lit';

/** The top-right slot (docs/OVERLAYS.md "Layout"): beside the clock bug, above the payouts. */
export default css`
  :host {
    --riffle-overlay-enter-y: 0px;
  }
  .alert {
    right: var(--riffle-safe-x);
    top: var(--riffle-alert-top);
    width: var(--riffle-alert-width);
    min-height: 132px;
    max-height: var(--riffle-alert-max-height);
    padding: 18px 28px 20px;
    display: flex;
    flex-direction: column;
    justify-content: center;
    gap: 4px;
    border-left: 10px solid var(--riffle-overlay-accent);
    opacity: 0;
    transform: translateX(64px);
    transition:
      opacity var(--riffle-overlay-duration) ease,
      transform var(--riffle-overlay-duration) cubic-bezier(0.2, 0.8, 0.2, 1);
  }
  .alert.shown {
    opacity: 1;
    transform: none;
  }
  .title {
    font-size: 30px;
    font-weight: 800;
    letter-spacing: 0.06em;
    text-transform: uppercase;
    color: var(--riffle-overlay-accent);
  }
  .text {
    font-size: 40px;
    font-weight: 700;
    line-height: 1.15;
    overflow-wrap: anywhere;
  }
  /* The elimination and champion graphics: portrait on the left, name and facts beside it. */
  .alert.graphic {
    flex-direction: row;
    align-items: center;
    gap: 22px;
  }
  .portrait {
    flex: none;
    width: 128px;
    height: 96px;
    display: flex;
    align-items: center;
    justify-content: center;
    overflow: hidden;
    border-radius: 8px;
    background: var(--riffle-overlay-bg-2);
  }
  .portrait .flag {
    width: 128px;
    height: 96px;
    border-radius: 0;
    vertical-align: 0;
  }
  .portrait .photo {
    width: 96px;
    height: 96px;
    border-radius: 50%;
    object-fit: cover;
  }
  .body {
    flex: 1;
    min-width: 0;
    display: flex;
    flex-direction: column;
    gap: 2px;
  }
  /* The name, fitted (lib/fit-name.ts): 44 px on two lines, shrunk to 28 px before the on-air name. */
  .who {
    font-size: 44px;
    font-weight: 800;
  }
  .facts {
    font-size: 34px;
    font-weight: 700;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  .by {
    font-size: 28px;
    font-weight: 600;
    line-height: 32px;
    color: var(--riffle-overlay-muted);
    overflow-wrap: anywhere;
  }
  .bust {
    border-left-color: var(--riffle-overlay-down);
  }
  .bust .title {
    color: var(--riffle-overlay-down);
  }
  .bubble,
  .winner,
  .final-table {
    border-left-color: var(--riffle-overlay-warn);
  }
  .bubble .title,
  .winner .title,
  .final-table .title {
    color: var(--riffle-overlay-warn);
  }
  .winner .who {
    font-size: 52px;
  }
  .winner .facts {
    color: var(--riffle-overlay-warn);
  }
  .break .title,
  .chip-leader .title {
    color: var(--riffle-overlay-up);
  }
`;
