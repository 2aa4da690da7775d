import { css } from 'lit';
import { buttonStyles } from '../shared-styles.js';

/** A card per tournament; a long name ends in an ellipsis, never a sideways scroll. */
export default [
  buttonStyles,
  css`
    :host {
      display: flex;
      flex-direction: column;
      gap: 10px;
      min-width: 0;
    }
    button {
      font: 700 15px var(--riffle-font);
      padding: 0 12px;
    }
    .primary {
      background: var(--riffle-accent);
      border-color: var(--riffle-accent);
      color: #0b0f17;
    }
    .wide {
      width: 100%;
    }
    .venue {
      display: flex;
      gap: 8px;
    }
    .venue > button {
      flex: 1 1 0;
      min-width: 0;
    }
    ul {
      list-style: none;
      margin: 0;
      padding: 0;
      display: flex;
      flex-direction: column;
      gap: 8px;
    }
    li {
      background: var(--riffle-surface);
      border: 1px solid var(--riffle-line);
      border-radius: 14px;
      padding: 10px 12px;
      display: flex;
      flex-direction: column;
      gap: 6px;
      min-width: 0;
    }
    li.archived {
      opacity: 0.7;
    }
    .name {
      font-weight: 700;
      font-size: 17px;
      white-space: nowrap;
      overflow: hidden;
      text-overflow: ellipsis;
    }
    .meta {
      display: flex;
      flex-wrap: wrap;
      gap: 4px 12px;
      color: var(--riffle-muted);
      font-size: 14px;
    }
    .tag {
      font-weight: 700;
    }
    .actions {
      display: flex;
      flex-wrap: wrap;
      gap: 8px;
    }
    .actions > * {
      flex: 1 1 auto;
    }
    .issue {
      color: var(--riffle-danger);
      margin: 0;
    }
    .hint {
      color: var(--riffle-muted);
      margin: 0;
    }
    .check {
      display: flex;
      align-items: center;
      gap: 8px;
      min-height: 44px;
    }
  `,
];
