import { css } from 'lit';

/** The ladder panel (the payouts overlay and the scene). */
export const ladderStyles = css`
  .ladder header {
    display: flex;
    align-items: baseline;
    justify-content: space-between;
    gap: 16px;
    padding: 8px 24px 6px;
    background: var(--riffle-overlay-bg-2);
  }
  .ladder h2 {
    margin: 0;
    font-size: 34px;
    font-weight: 800;
    letter-spacing: 0.04em;
    text-transform: uppercase;
  }
  .ladder .pool {
    font-size: 28px;
    color: var(--riffle-overlay-muted);
    white-space: nowrap;
  }
  .ladder ol {
    list-style: none;
    margin: 0;
    padding: 4px 0;
  }
  .ladder li {
    display: grid;
    grid-template-columns: 120px minmax(0, 1fr) auto;
    align-items: center;
    gap: 12px;
    height: 34px;
    padding: 0 24px;
    font-size: 30px;
  }
  .ladder .place {
    font-weight: 700;
  }
  .ladder .who {
    overflow: hidden;
    white-space: nowrap;
    text-overflow: ellipsis;
    font-size: 28px;
    color: var(--riffle-overlay-muted);
  }
  .ladder .amount {
    font-weight: 800;
    text-align: right;
  }
  .ladder .paid {
    opacity: 0.45;
  }
  /* A deal's player (issue 23): the name in full, on two lines if it must (broadcast names are never cut). */
  .ladder li.deal {
    grid-template-columns: auto 1fr auto;
    height: auto;
    min-height: 34px;
    padding-top: 4px;
    padding-bottom: 4px;
  }
  .ladder li.deal .who {
    white-space: normal;
    overflow-wrap: anywhere;
    color: inherit;
    line-height: 1.2;
  }
  .ladder .jump {
    background: var(--riffle-overlay-accent);
    color: var(--riffle-overlay-accent-text);
  }
  .ladder .jump .who {
    color: inherit;
  }
  .ladder .jump-label {
    font-weight: 800;
    text-transform: uppercase;
    letter-spacing: 0.04em;
  }
  /* Issue 25: a satellite's seats left and the seat bubble, under the title. */
  .ladder .seats {
    margin: 0;
    padding: 6px 20px;
    font-weight: 700;
    overflow-wrap: anywhere;
  }
  .ladder .seat-bubble {
    display: inline-block;
    padding: 0 8px;
    border-radius: 4px;
    background: var(--riffle-overlay-accent, #f5c542);
    color: var(--riffle-overlay-accent-text, #111);
    text-transform: uppercase;
  }
`;

export default css`
  :host {
    --riffle-overlay-enter-x: 48px;
    --riffle-overlay-enter-y: 0px;
  }
  .ladder {
    right: var(--riffle-safe-x);
    top: var(--riffle-middle-top);
    width: var(--riffle-right-width);
  }
`;
