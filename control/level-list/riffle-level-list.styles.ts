import { css } from 'lit';
import { tapStyles } from '../shared-styles.js';

export default [
  tapStyles,
  css`
    :host {
      position: fixed;
      inset: 0;
      z-index: 20;
      display: flex;
      flex-direction: column;
      justify-content: flex-end;
    }
    .scrim {
      position: absolute;
      inset: 0;
      background: rgb(0 0 0 / 0.6);
    }
    .sheet {
      position: relative;
      display: flex;
      flex-direction: column;
      max-height: 88vh;
      background: var(--riffle-surface);
      border-top: 1px solid var(--riffle-line);
      border-radius: 20px 20px 0 0;
      padding-bottom: env(safe-area-inset-bottom);
    }
    header {
      display: flex;
      align-items: center;
      justify-content: space-between;
      padding: 14px 16px 10px 20px;
    }
    h2 {
      margin: 0;
      font-size: 20px;
    }
    ol {
      list-style: none;
      margin: 0;
      padding: 0 12px 12px;
      overflow-y: auto;
      overscroll-behavior: contain;
    }
    li + li {
      margin-top: 6px;
    }
    .close {
      min-height: 44px;
      padding: 0 16px;
      border-radius: 12px;
      border: 1px solid var(--riffle-line);
      background: var(--riffle-surface-2);
      font-weight: 700;
    }
    .item {
      width: 100%;
      min-height: 56px;
      display: grid;
      grid-template-columns: 5.5em 1fr auto;
      align-items: center;
      gap: 8px;
      padding: 8px 14px;
      text-align: left;
      border-radius: 12px;
      border: 1px solid transparent;
      background: var(--riffle-surface-2);
      font-variant-numeric: tabular-nums;
    }
    .item.break {
      color: var(--riffle-break);
    }
    .item.current {
      border-color: var(--riffle-accent);
    }
    .item.chosen {
      background: color-mix(in srgb, var(--riffle-accent) 22%, var(--riffle-surface-2));
    }
    .name {
      font-weight: 800;
    }
    .detail {
      display: flex;
      flex-direction: column;
      min-width: 0;
    }
    .blinds {
      font-weight: 700;
      font-size: 17px;
    }
    .sub {
      font-size: 13px;
      color: var(--riffle-muted);
    }
    .now {
      font-size: 12px;
      font-weight: 800;
      text-transform: uppercase;
      letter-spacing: 0.08em;
      color: var(--riffle-accent);
    }
    .confirm {
      padding: 14px 16px 18px;
      border-top: 1px solid var(--riffle-line);
      background: var(--riffle-surface-2);
    }
    .confirm p {
      margin: 0 0 4px;
      font-size: 18px;
      font-weight: 800;
    }
    .confirm small {
      display: block;
      margin-bottom: 12px;
      font-size: 14px;
      color: var(--riffle-muted);
    }
    .buttons {
      display: grid;
      grid-template-columns: 1fr 1.4fr;
      gap: 10px;
    }
    .buttons button {
      min-height: 60px;
      border-radius: 14px;
      border: 1px solid var(--riffle-line);
      background: var(--riffle-surface);
      font-size: 18px;
      font-weight: 800;
    }
    .buttons .jump {
      border: none;
      background: var(--riffle-accent);
      color: #04121a;
    }
  `,
];
