import { css } from 'lit';

/**
 * The league standings panel: the leaderboard's slot (left column, middle band of the grid,
 * overlays/stream/lib/layout.styles.ts), so it never sits on air with the chip counts; rows of
 * rank, name and points at the leaderboard's 30 px.
 */
export default css`
  :host {
    --riffle-overlay-enter-x: -48px;
    --riffle-overlay-enter-y: 0px;
  }
  .standings {
    left: var(--riffle-safe-x);
    top: var(--riffle-middle-top);
    width: var(--riffle-column-width);
    max-height: calc(var(--riffle-plates-bottom) - var(--riffle-middle-top));
    display: flex;
    flex-direction: column;
  }
  header {
    display: flex;
    align-items: baseline;
    gap: 16px;
    padding: 8px 24px 6px;
    background: var(--riffle-overlay-bg-2);
    min-width: 0;
  }
  h2 {
    margin: 0;
    flex: none;
    font-size: 34px;
    font-weight: 800;
    letter-spacing: 0.04em;
    text-transform: uppercase;
  }
  /* League and season in full: wrapped, never cut (80 characters each at most). */
  .season {
    min-width: 0;
    overflow-wrap: anywhere;
    font-size: 28px;
    line-height: 1.15;
    color: var(--riffle-overlay-muted);
  }
  ol {
    list-style: none;
    margin: 0;
    padding: 4px 0;
  }
  li {
    display: grid;
    grid-template-columns: 56px minmax(0, 1fr) auto;
    gap: 8px;
    align-items: center;
    height: 38px;
    padding: 0 24px;
    font-size: 30px;
    animation: row-in 400ms ease both;
  }
  li:nth-child(even) {
    background: rgba(255, 255, 255, 0.035);
  }
  .rank {
    font-weight: 800;
    color: var(--riffle-overlay-muted);
  }
  .name {
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    font-size: 28px;
    font-weight: 600;
  }
  .points {
    padding-left: 12px;
    font-weight: 800;
    text-align: right;
    white-space: nowrap;
  }
  .points small {
    margin-left: 6px;
    font-size: 28px;
    font-weight: 600;
    color: var(--riffle-overlay-muted);
  }
  footer {
    padding: 6px 24px 8px;
    font-size: 28px;
    color: var(--riffle-overlay-muted);
    border-top: 2px solid rgba(255, 255, 255, 0.08);
  }
  @keyframes row-in {
    from {
      opacity: 0;
      transform: translateX(-24px);
    }
    to {
      opacity: 1;
      transform: none;
    }
  }
`;
