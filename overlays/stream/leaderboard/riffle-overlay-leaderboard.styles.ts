import { css } from 'lit';

/** The chip-count panel (the leaderboard overlay and the scene). */
export const boardStyles = css`
  .board {
    display: flex;
    flex-direction: column;
  }
  .board header {
    display: flex;
    align-items: baseline;
    justify-content: space-between;
    padding: 8px 24px 6px;
    background: var(--riffle-overlay-bg-2);
  }
  .board h2 {
    margin: 0;
    font-size: 34px;
    font-weight: 800;
    letter-spacing: 0.04em;
    text-transform: uppercase;
  }
  .board .page {
    font-size: 28px;
    color: var(--riffle-overlay-muted);
  }
  .board ol {
    list-style: none;
    margin: 0;
    padding: 4px 0;
  }
  .board li {
    display: grid;
    grid-template-columns: 40px 48px minmax(0, 1fr) auto;
    gap: 8px;
    align-items: center;
    height: 34px;
    padding: 0 24px;
    font-size: 30px;
    animation: row-in 400ms ease both;
  }
  .board li:nth-child(even) {
    background: rgba(255, 255, 255, 0.035);
  }
  .board .rank {
    font-weight: 800;
    color: var(--riffle-overlay-muted);
  }
  .board .name {
    min-width: 0;
    display: flex;
    align-items: center;
    gap: 12px;
    overflow: hidden;
    white-space: nowrap;
    font-weight: 600;
  }
  .board .name {
    font-size: 30px;
  }
  .board .name > .who {
    min-width: 0;
  }
  .board .stack {
    font-weight: 800;
    text-align: right;
    white-space: nowrap;
  }
  .board .stack .bbs {
    margin-left: 10px;
    font-size: 28px;
    font-weight: 600;
    color: var(--riffle-overlay-muted);
  }
  .board .move {
    font-size: 28px;
    font-weight: 800;
  }
  .board .up {
    color: var(--riffle-overlay-up);
  }
  .board .down {
    color: var(--riffle-overlay-down);
  }
  .board footer {
    display: flex;
    justify-content: space-between;
    gap: 24px;
    padding: 6px 24px 8px;
    font-size: 28px;
    border-top: 2px solid rgba(255, 255, 255, 0.08);
  }
  .board footer b {
    margin-left: 10px;
    font-size: 30px;
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
  /* Issue 25: a player's bounty after his stack (knockout, PKO). */
  .board .bounty {
    margin-left: 6px;
    color: var(--riffle-overlay-accent, #f5c542);
    font-size: 0.85em;
  }
  /* A long name stops short of the stack (it ran into it once a bounty made the stack wider). */
  .board li .stack {
    padding-left: 12px;
  }
`;

export default css`
  :host {
    --riffle-overlay-enter-x: -48px;
    --riffle-overlay-enter-y: 0px;
  }
  .board {
    left: var(--riffle-safe-x);
    top: var(--riffle-middle-top);
    width: var(--riffle-column-width);
  }
`;
