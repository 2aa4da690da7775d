import { css } from 'lit';
import setupStyles from '../setup-panel/riffle-setup-panel.styles.js';

/** The set-up form's fieldsets and fields; the worked-out figures as a quiet block under them. */
export default [
  ...setupStyles,
  css`
    :host {
      display: flex;
      flex-direction: column;
      gap: 12px;
    }
    .figures {
      margin: 0;
      padding: 8px 10px;
      border-radius: 10px;
      background: var(--riffle-surface);
      font-size: 14px;
      overflow-wrap: anywhere;
    }
    .figures p {
      margin: 0;
    }
    .figures p + p {
      margin-top: 4px;
    }
    .note {
      margin: 0;
      font-size: 13px;
      color: var(--riffle-muted);
    }
  `,
];
