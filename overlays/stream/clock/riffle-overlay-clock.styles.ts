import { css } from 'lit';

export const clockBugStyles = css`
  .bug {
    display: flex;
    align-items: stretch;
    height: var(--riffle-clock-height);
    color: var(--riffle-overlay-text);
  }
  .cell {
    display: flex;
    flex-direction: column;
    justify-content: center;
    padding: 0 18px;
    white-space: nowrap;
  }
  .cell + .cell {
    border-left: 2px solid rgba(255, 255, 255, 0.08);
  }
  .label {
    font-size: 28px;
    font-weight: 600;
    letter-spacing: 0.06em;
    text-transform: uppercase;
    color: var(--riffle-overlay-muted);
  }
  .value {
    font-size: 46px;
    font-weight: 800;
    line-height: 1.1;
  }
  .level {
    background: var(--riffle-overlay-accent);
    color: var(--riffle-overlay-accent-text);
  }
  .level .value {
    font-size: 40px;
    text-transform: uppercase;
  }
  .level .label {
    color: inherit;
    opacity: 0.8;
  }
  .time .value {
    font-size: 60px;
    min-width: 4.2ch;
  }
  .small {
    font-size: 32px;
    font-weight: 700;
  }
  .label .ante {
    color: var(--riffle-overlay-text);
    font-weight: 700;
  }
  /* The event's logo (branding) opens the bug. */
  .logo-cell {
    padding: 10px 14px;
  }
  .logo-cell .brand {
    max-height: 92px;
    max-width: 132px;
    object-fit: contain;
  }
  .status {
    color: var(--riffle-overlay-warn);
  }
  .break .level {
    background: var(--riffle-overlay-up);
  }
  .ended .time .value {
    font-size: 36px;
  }
  /*
   * The steps a bug takes when its texts do not fit its room (lib/fit-box.ts): tighter cells and
   * smaller figures (never under 28 px), then the next level's blinds the poker way (1.5M / 3M),
   * then the current ones too, then the next level's ante left out, then the time to the break.
   * Never a text cut.
   */
  .bug .short {
    display: none;
  }
  .bug:not([data-compact='0']) .cell {
    padding: 0 12px;
  }
  .bug:not([data-compact='0']) .value {
    font-size: 40px;
  }
  .bug:not([data-compact='0']) .level .value {
    font-size: 34px;
  }
  .bug:not([data-compact='0']) .time .value {
    font-size: 54px;
  }
  .bug:not([data-compact='0']) .small {
    font-size: 30px;
  }
  .bug[data-compact='2'] .next .long,
  .bug[data-compact='3'] .long,
  .bug[data-compact='4'] .long,
  .bug[data-compact='5'] .long {
    display: none;
  }
  .bug[data-compact='2'] .next .short,
  .bug[data-compact='3'] .short,
  .bug[data-compact='4'] .short,
  .bug[data-compact='5'] .short {
    display: inline;
  }
  .bug[data-compact='4'] .next-ante,
  .bug[data-compact='5'] .next-ante,
  .bug[data-compact='5'] .break-in {
    display: none;
  }
`;

export default css`
  .bug {
    left: var(--riffle-safe-x);
    top: var(--riffle-clock-top);
    max-width: var(--riffle-clock-max-width);
  }
`;
