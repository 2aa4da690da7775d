import { css } from 'lit';
import { buttonStyles, fieldStyles } from '../shared-styles.js';

/** Phone widths 320-430 px: one column, thumb-sized buttons, nothing wider than the screen. */
const own = css`
  :host {
    display: block;
    margin-top: 16px;
  }
  section {
    border-top: 1px solid var(--riffle-line, rgb(255 255 255 / 0.15));
    padding: 12px 0;
  }
  h3 {
    font-size: 15px;
    margin: 0 0 8px;
  }
  li.unsold-seat {
    display: grid;
    gap: 6px;
  }
  .row {
    display: flex;
    gap: 8px;
  }
  ul + h3 {
    margin-top: 14px;
  }
  form,
  li {
    display: flex;
    gap: 8px;
    align-items: center;
    min-width: 0;
  }
  input {
    flex: 1;
    min-width: 0;
  }
  li input {
    max-width: 120px;
  }
  li span {
    flex: 1;
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  button,
  input {
    font: inherit;
    padding: 0 12px;
  }
  button.quiet {
    background: transparent;
  }
  .done {
    color: var(--riffle-muted, #9aa4b2);
  }
  ol,
  ul {
    list-style: none;
    margin: 8px 0 0;
    padding: 0;
    display: grid;
    gap: 6px;
  }
  .card {
    background: #fff;
    color: #0b0f17;
    border-radius: 4px;
    padding: 0 6px;
  }
`;

export default [buttonStyles, fieldStyles, own];
