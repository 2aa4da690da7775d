import { css } from 'lit';
import { keyStyles } from '../shared-styles.js';

export default [
  ...keyStyles,
  css`
    :host {
      flex: 1;
      display: flex;
      flex-direction: column;
      min-height: 100%;
      box-sizing: border-box;
      padding: 28px 20px calc(20px + env(safe-area-inset-bottom));
    }
    .head {
      text-align: center;
    }
    .brand {
      font-size: 13px;
      font-weight: 800;
      letter-spacing: 0.3em;
      color: var(--riffle-accent);
    }
    h1 {
      margin: 10px 0 6px;
      font-size: 26px;
    }
    p {
      margin: 0 auto;
      max-width: 30ch;
      color: var(--riffle-muted);
      font-size: 15px;
    }
    .digits {
      display: grid;
      grid-template-columns: repeat(6, 1fr);
      gap: 8px;
      margin: 28px auto 10px;
      width: 100%;
      max-width: 340px;
    }
    .digit {
      aspect-ratio: 3 / 4;
      display: flex;
      align-items: center;
      justify-content: center;
      border-radius: 12px;
      border: 2px solid var(--riffle-line);
      background: var(--riffle-surface);
      font-size: 26px;
      font-weight: 800;
    }
    .digit.filled {
      border-color: var(--riffle-accent);
    }
    .digit.next {
      border-color: color-mix(in srgb, var(--riffle-accent) 50%, var(--riffle-line));
    }
    .status {
      min-height: 24px;
      text-align: center;
      font-size: 15px;
      font-weight: 700;
    }
    .status.error {
      color: var(--riffle-danger);
    }
    .keypad {
      margin: auto auto 0;
      width: 100%;
      max-width: 360px;
      display: grid;
      grid-template-columns: repeat(3, 1fr);
      gap: 10px;
    }
    button {
      min-height: 68px;
      font-size: 28px;
    }
    button:active:not(:disabled) {
      filter: brightness(1.25);
    }
    button:disabled {
      opacity: 0.45;
    }
    .ok {
      font-size: 20px;
      font-weight: 800;
      border: none;
      color: #04121a;
      background: var(--riffle-accent);
    }
    .delete svg {
      width: 28px;
      height: 28px;
      fill: none;
      stroke: currentColor;
      stroke-width: 2;
      stroke-linejoin: round;
    }
  `,
];
