import { css } from 'lit';

export default css`
  :host {
    --riffle-overlay-enter-y: 0px;
  }
  .alert {
    right: 48px;
    top: 40px;
    width: 680px;
    min-height: 132px;
    padding: 20px 28px 22px;
    display: flex;
    flex-direction: column;
    justify-content: center;
    gap: 6px;
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
    font-size: 26px;
    font-weight: 800;
    letter-spacing: 0.06em;
    text-transform: uppercase;
    color: var(--riffle-overlay-accent);
  }
  .text {
    font-size: 38px;
    font-weight: 700;
    line-height: 1.2;
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
  .break .title,
  .chip-leader .title {
    color: var(--riffle-overlay-up);
  }
`;
