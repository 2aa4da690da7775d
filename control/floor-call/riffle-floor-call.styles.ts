import { css } from 'lit';
import { buttonStyles } from '../shared-styles.js';

export default [
  buttonStyles,
  css`
    :host {
      display: block;
    }
    section {
      padding: 14px 16px;
      border-radius: 18px;
      background: var(--riffle-surface);
      border: 1px solid var(--riffle-line);
      display: grid;
      gap: 10px;
    }
    h2 {
      margin: 0;
      font-size: 15px;
      letter-spacing: 0.08em;
      text-transform: uppercase;
      color: var(--riffle-muted);
    }
    .call {
      display: flex;
      align-items: center;
      gap: 10px;
      justify-content: space-between;
    }
    .call p {
      margin: 0;
      font-weight: 600;
      line-height: 1.3;
    }
    .halted {
      color: var(--riffle-danger);
      font-weight: 700;
      display: flex;
      justify-content: space-between;
      align-items: center;
      gap: 8px;
    }
    .ok {
      color: var(--riffle-break);
      margin: 0;
    }
    .muted {
      color: var(--riffle-muted);
      margin: 0;
    }
    button {
      min-width: 44px;
      padding: 0 16px;
      font: 700 16px var(--riffle-font);
      flex: none;
    }
    button.primary {
      background: var(--riffle-accent);
      border-color: var(--riffle-accent);
      color: #04121a;
    }
    ol {
      margin: 0;
      padding-left: 18px;
      color: var(--riffle-muted);
      font-size: 15px;
    }
  `,
];
