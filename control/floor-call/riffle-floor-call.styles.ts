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
    .balance {
      display: grid;
      gap: 10px;
      min-width: 0;
    }
    .balance p {
      margin: 0;
      font-weight: 600;
      line-height: 1.3;
      overflow-wrap: anywhere;
    }
    ol.plan {
      color: var(--riffle-text);
      display: grid;
      gap: 6px;
    }
    ol.plan li {
      line-height: 1.3;
      overflow-wrap: anywhere;
    }
    ol.plan li.now {
      font-weight: 600;
    }
    ol.plan .name {
      display: block;
    }
    .actions {
      display: flex;
      flex-wrap: wrap;
      gap: 10px;
    }
    .pick label {
      display: grid;
      gap: 4px;
      font-size: 14px;
      color: var(--riffle-muted);
    }
    .pick select {
      min-height: 44px;
      max-width: 100%;
      font: 600 16px var(--riffle-font);
      color: var(--riffle-text);
      background: var(--riffle-bg);
      border: 1px solid var(--riffle-line);
      border-radius: 10px;
    }
    ol.recent {
      display: grid;
      gap: 6px;
    }
    ol.recent li {
      overflow-wrap: anywhere;
    }
    ol.recent li button.small {
      margin-left: 8px;
      min-height: 36px;
      padding: 0 10px;
      font-size: 14px;
    }
  `,
];
