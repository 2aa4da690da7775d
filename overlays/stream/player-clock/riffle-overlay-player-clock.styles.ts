import { css } from 'lit';

export default css`
  :host {
    --riffle-overlay-enter-x: 48px;
    --riffle-overlay-enter-y: 0px;
  }
  .player-clock {
    right: 48px;
    bottom: 200px;
    width: 480px;
    padding: 18px 28px 26px;
  }
  .label {
    font-size: 22px;
    font-weight: 800;
    letter-spacing: 0.06em;
    text-transform: uppercase;
    color: var(--riffle-overlay-warn);
  }
  .who {
    display: flex;
    justify-content: space-between;
    gap: 16px;
    margin-top: 4px;
    font-size: 30px;
    font-weight: 700;
    white-space: nowrap;
  }
  .who .name {
    overflow: hidden;
    text-overflow: ellipsis;
  }
  .time {
    margin-top: 6px;
    font-size: 64px;
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
