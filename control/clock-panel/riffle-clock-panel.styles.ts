import { css } from 'lit';
import { keyStyles, panelStyles } from '../shared-styles.js';

export default [
  panelStyles,
  ...keyStyles,
  css`
    /* The clock fills the screen so its controls sit at the bottom, in the thumb zone. */
    :host {
      flex: 1;
    }
    .clock {
      --state: var(--riffle-accent);
      padding: 16px 18px 14px;
      border-radius: 18px;
      background: var(--riffle-surface);
      border: 1px solid var(--riffle-line);
    }
    .clock.break {
      --state: var(--riffle-break);
    }
    .top {
      display: flex;
      align-items: center;
      justify-content: space-between;
      gap: 8px;
    }
    .level {
      font-size: 22px;
      font-weight: 800;
      letter-spacing: 0.06em;
      text-transform: uppercase;
      color: var(--state);
    }
    .pill {
      display: inline-flex;
      align-items: center;
      gap: 6px;
      padding: 4px 10px;
      border-radius: 99px;
      font-size: 13px;
      font-weight: 800;
      letter-spacing: 0.08em;
      text-transform: uppercase;
      border: 1.5px solid currentColor;
      white-space: nowrap;
    }
    .pill.running {
      color: var(--riffle-break);
    }
    .pill.paused {
      color: var(--riffle-paused);
      background: color-mix(in srgb, var(--riffle-paused) 14%, transparent);
    }
    .pill.idle {
      color: var(--riffle-accent);
    }
    .pill.ended {
      color: var(--riffle-danger);
    }
    .pill.finished {
      color: var(--riffle-accent);
    }
    /* Over: the winner takes the countdown's place. */
    .result {
      display: flex;
      flex-direction: column;
      gap: 4px;
      padding: 10px 0 4px;
    }
    .result .label {
      font-size: 13px;
      font-weight: 800;
      letter-spacing: 0.08em;
      text-transform: uppercase;
      color: var(--riffle-accent);
    }
    .result .winner {
      font-size: 32px;
      font-weight: 800;
      line-height: 1.15;
      overflow-wrap: anywhere;
    }
    /* A satellite's seat winners: every name in full, one a line. */
    .result .seat-winners {
      list-style: none;
      margin: 0;
      padding: 0;
      font-size: 20px;
      font-weight: 800;
      line-height: 1.25;
      overflow-wrap: anywhere;
    }
    .result .prize {
      font-size: 22px;
      font-weight: 700;
      font-variant-numeric: tabular-nums;
    }
    .countdown {
      margin: 2px 0 6px;
      font-size: clamp(56px, min(26vw, 13vh), 128px);
      font-weight: 700;
      line-height: 1;
      text-align: center;
      letter-spacing: -0.01em;
      font-feature-settings: 'tnum' 1;
    }
    .clock.paused .countdown {
      color: var(--riffle-paused);
    }
    .clock.warning .countdown {
      color: var(--riffle-danger);
    }
    .clock.idle .countdown,
    .clock.ended .countdown {
      color: var(--riffle-muted);
    }
    .progress {
      height: 6px;
      border-radius: 3px;
      background: var(--riffle-surface-2);
      overflow: hidden;
    }
    .bar {
      height: 100%;
      transform-origin: left center;
      background: var(--state);
    }
    .clock.paused .bar {
      background: var(--riffle-paused);
    }
    .blinds-row {
      display: flex;
      align-items: baseline;
      justify-content: space-between;
      gap: 12px;
      margin-top: 12px;
    }
    .blinds {
      font-size: 30px;
      font-weight: 800;
    }
    .ante {
      font-size: 18px;
      font-weight: 700;
      color: var(--riffle-muted);
    }
    .upcoming {
      display: grid;
      grid-template-columns: minmax(0, 1.2fr) minmax(0, 1fr);
      gap: 10px;
    }
    .fact {
      display: flex;
      flex-direction: column;
      gap: 2px;
      min-width: 0;
      padding: 10px 14px 12px;
      border-radius: 14px;
      background: var(--riffle-surface);
      border: 1px solid var(--riffle-line);
    }
    .fact .label {
      font-size: 12px;
      font-weight: 800;
      letter-spacing: 0.05em;
      white-space: nowrap;
      overflow: hidden;
      text-overflow: ellipsis;
      text-transform: uppercase;
      color: var(--riffle-muted);
    }
    .fact .value {
      font-size: 19px;
      font-weight: 800;
      white-space: nowrap;
      overflow: hidden;
      text-overflow: ellipsis;
    }
    .fact .sub {
      min-height: 1.2em;
      font-size: 14px;
      color: var(--riffle-muted);
    }
    .hint {
      margin: 0;
      font-size: 14px;
      color: var(--riffle-muted);
      text-align: center;
    }
    .controls {
      margin-top: auto;
      display: grid;
      grid-template-columns: 1fr 1fr;
      gap: 10px;
    }
    button {
      min-height: 58px;
      font-size: 18px;
      display: inline-flex;
      align-items: center;
      justify-content: center;
      gap: 8px;
    }
    button:active:not(:disabled) {
      transform: scale(0.98);
      filter: brightness(1.2);
    }
    button:disabled {
      opacity: 0.45;
      cursor: default;
    }
    button svg {
      width: 22px;
      height: 22px;
      fill: none;
      stroke: currentColor;
      stroke-width: 2.4;
      stroke-linecap: round;
      stroke-linejoin: round;
    }
    .wide {
      grid-column: 1 / -1;
    }
    .primary {
      grid-column: 1 / -1;
      min-height: 76px;
      font-size: 22px;
      font-weight: 800;
      letter-spacing: 0.02em;
      border: none;
      color: #04121a;
      background: var(--riffle-accent);
    }
    .primary.pause {
      color: #1c1300;
      background: var(--riffle-paused);
    }
    .primary.start,
    .primary.resume {
      color: #03140a;
      background: var(--riffle-break);
    }
    .primary svg {
      fill: currentColor;
      stroke: none;
      width: 24px;
      height: 24px;
    }
    /* Under the keys, full width: the last clock action of this phone, taken back in one tap. */
    .undo {
      width: 100%;
      margin-top: 10px;
      min-height: 48px;
      font-size: 16px;
      background: none;
      border: 1px dashed var(--riffle-line);
      color: var(--riffle-muted);
      overflow: hidden;
      text-overflow: ellipsis;
      white-space: nowrap;
      display: block;
    }
  `,
];
