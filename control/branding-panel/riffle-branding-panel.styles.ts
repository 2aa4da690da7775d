import { css } from 'lit';

export default css`
  :host {
    display: block;
    margin-top: 16px;
  }
  fieldset {
    border: 1px solid var(--riffle-line, #243049);
    border-radius: 12px;
    padding: 12px 14px 14px;
    display: grid;
    gap: 12px;
    min-width: 0;
  }
  legend {
    font-weight: 700;
    padding: 0 6px;
  }
  .hint {
    margin: 0;
    color: var(--riffle-muted, #9aa7bd);
    font-size: 0.9rem;
  }
  .issue {
    margin: 0;
    color: var(--riffle-danger, #ff5d5d);
  }
  .ok {
    margin: 0;
    color: var(--riffle-break, #4ade80);
  }
  .colors {
    display: grid;
    grid-template-columns: repeat(3, minmax(0, 1fr));
    gap: 10px;
  }
  label {
    display: grid;
    gap: 4px;
    min-width: 0;
    overflow-wrap: anywhere;
  }
  input[type='color'] {
    width: 100%;
    height: 44px;
    border: 0;
    background: none;
  }
  button,
  .file {
    min-height: 44px;
    border-radius: 10px;
    border: 1px solid var(--riffle-line, #243049);
    background: var(--riffle-surface-2, #161d2e);
    color: inherit;
    font: inherit;
    display: inline-flex;
    align-items: center;
    justify-content: center;
    padding: 0 14px;
  }
  .file input {
    position: absolute;
    width: 1px;
    height: 1px;
    opacity: 0;
  }
  .image {
    display: grid;
    grid-template-columns: 1fr auto;
    gap: 8px;
    align-items: center;
  }
  .image > span:first-child {
    grid-column: 1 / -1;
    font-weight: 600;
  }
  .image img {
    max-width: 100%;
    max-height: 64px;
    object-fit: contain;
    background: #000;
    border-radius: 6px;
  }
  .none {
    color: var(--riffle-muted, #9aa7bd);
  }
`;
