import { css } from 'lit';
import { actionButtonStyles, buttonStyles, cardStyles, fieldStyles, panelStyles } from '../shared-styles.js';

export default [
  panelStyles,
  buttonStyles,
  actionButtonStyles,
  cardStyles,
  fieldStyles,
  css`
    .stack {
      display: flex;
      flex-direction: column;
      gap: 8px;
    }
    .grow {
      flex: 1;
      min-width: 0;
      display: flex;
    }
    .grow input {
      flex: 1;
      min-width: 0;
    }
    button.wide {
      width: 100%;
    }
    button.half {
      flex: 1;
    }
    button.small {
      min-height: 36px;
      padding: 0 10px;
      font-size: 14px;
      flex: none;
    }
    input,
    select,
    textarea {
      box-sizing: border-box;
      width: 100%;
      padding: 0 12px;
      font: 500 17px var(--riffle-font);
    }
    textarea {
      padding: 10px 12px;
      border-radius: 12px;
      border: 1px solid var(--riffle-line);
      background: var(--riffle-surface-2);
      color: var(--riffle-text);
      resize: vertical;
    }
    .status {
      margin: 0;
      font-weight: 800;
      color: var(--riffle-accent);
    }
    .counts {
      display: flex;
      flex-direction: column;
      gap: 6px;
    }
    .count {
      display: grid;
      grid-template-columns: 1.6em minmax(0, 1fr) 7.2em;
      align-items: center;
      gap: 8px;
    }
    .count .seat {
      color: var(--riffle-muted);
      font-weight: 700;
      text-align: center;
    }
    .name {
      min-width: 0;
      overflow: hidden;
      text-overflow: ellipsis;
      white-space: nowrap;
      font-weight: 600;
    }
    .count input {
      text-align: right;
    }
    .overlays {
      margin: 0;
      padding: 0;
      list-style: none;
      display: flex;
      flex-direction: column;
      gap: 10px;
    }
    .overlay-head {
      display: flex;
      align-items: center;
      gap: 8px;
    }
    .overlay-head .name {
      flex: 1;
    }
    .overlay-head button {
      min-width: 7.5em;
      color: var(--riffle-muted);
    }
    .overlay-head button.on-air {
      background: var(--riffle-danger);
      border-color: var(--riffle-danger);
      color: #fff;
    }
    .url {
      display: flex;
      align-items: center;
      gap: 8px;
      min-width: 0;
    }
    .url code {
      flex: 1;
      min-width: 0;
      overflow: hidden;
      text-overflow: ellipsis;
      white-space: nowrap;
      color: var(--riffle-muted);
      font-size: 12px;
      user-select: all;
    }
    h3 {
      margin: 4px 0 0;
      font-size: 13px;
      color: var(--riffle-muted);
    }
    .obs-state {
      margin: 0;
      display: flex;
      align-items: center;
      gap: 8px;
      font-weight: 800;
    }
    .light {
      width: 12px;
      height: 12px;
      border-radius: 50%;
      background: var(--riffle-muted);
    }
    .light.connected {
      background: var(--riffle-break);
    }
    .light.connecting {
      background: var(--riffle-paused);
    }
    .light.wrong-password,
    .light.unreachable,
    .light.not-responding,
    .light.kicked {
      background: var(--riffle-danger);
    }
    .hint.error {
      color: var(--riffle-danger);
    }
    .scenes {
      display: flex;
      flex-wrap: wrap;
      gap: 8px;
    }
    .scenes button {
      flex: 1 1 40%;
      min-width: 0;
      overflow: hidden;
      text-overflow: ellipsis;
      white-space: nowrap;
    }
    .scenes button.on-air {
      background: var(--riffle-danger);
      border-color: var(--riffle-danger);
      color: #fff;
    }
    .visually-hidden {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip: rect(0 0 0 0);
    }
  `,
];
