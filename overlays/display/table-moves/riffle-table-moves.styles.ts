import { css } from 'lit';

export default css`
  /*
   * Slotted left of the clock face's stage, which lays it out (see the clock face's aside-start
   * slot): never taller than that row, so the heading stays below the header (and the sound
   * badge) and the last line above the tiles; the lines that do not fit go to the next page.
   */
  :host {
    pointer-events: none;
    display: flex;
    flex-direction: column;
    max-height: 100%;
    min-height: 0;
    --u: min(1vh, 0.5625vw);
    font-family: var(--riffle-font);
    color: var(--riffle-text);
  }
  .board {
    box-sizing: border-box;
    width: calc(44 * var(--u));
    max-height: 100%;
    min-height: 0;
    display: flex;
    flex-direction: column;
    overflow: hidden;
    background: color-mix(in srgb, var(--riffle-surface) 92%, transparent);
    border: 1px solid var(--riffle-line);
    border-radius: calc(1.6 * var(--u));
    padding: calc(1.6 * var(--u)) calc(2.2 * var(--u));
  }
  h2 {
    flex: none;
    display: flex;
    justify-content: space-between;
    align-items: baseline;
    gap: calc(1 * var(--u));
    margin: 0 0 calc(1 * var(--u));
    font-size: calc(2.6 * var(--u));
    letter-spacing: 0.08em;
    text-transform: uppercase;
    color: var(--riffle-accent);
  }
  .title {
    min-width: 0;
    overflow-wrap: anywhere;
  }
  .page {
    flex: none;
    color: var(--riffle-muted);
    font-size: calc(2 * var(--u));
    letter-spacing: 0;
    font-variant-numeric: tabular-nums;
  }
  ol {
    flex: 0 1 auto;
    min-height: 0;
    overflow: hidden;
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-direction: column;
    gap: calc(1 * var(--u));
  }
  li {
    flex: none;
    min-width: 0;
  }
  .who {
    font-size: calc(2.6 * var(--u));
    font-weight: 700;
    overflow-wrap: anywhere;
    line-height: 1.2;
  }
  .kind {
    color: var(--riffle-muted);
    font-size: calc(1.9 * var(--u));
    font-weight: 500;
  }
  .where {
    font-size: calc(2.8 * var(--u));
    font-weight: 600;
    font-variant-numeric: tabular-nums;
    color: var(--riffle-accent);
  }
  .call {
    flex: none;
    margin-top: calc(1.2 * var(--u));
    font-size: calc(2.6 * var(--u));
    color: var(--riffle-paused);
    font-weight: 700;
  }
`;
