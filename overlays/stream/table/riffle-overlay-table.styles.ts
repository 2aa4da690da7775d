import { css } from 'lit';

/**
 * The plates share the bottom slot (docs/OVERLAYS.md "Layout"): up to 10 across the title-safe
 * width, 165 px each when the table is full. A name gets two lines in the condensed face (at
 * least its first 14 characters, whatever the name), chips and big blinds a line each.
 */
export default css`
  :host {
    --riffle-overlay-plate-width: 300px;
  }
  .plates {
    position: absolute;
    left: var(--riffle-safe-x);
    right: var(--riffle-safe-x);
    bottom: calc(1080px - var(--riffle-plates-bottom));
    max-height: var(--riffle-plates-max-height);
    display: flex;
    justify-content: center;
    align-items: stretch;
    gap: 8px;
  }
  .plate {
    position: relative;
    flex: 0 1 var(--riffle-overlay-plate-width);
    min-width: 0;
    padding: 8px 10px 8px;
    display: flex;
    flex-direction: column;
    gap: 2px;
    border-top: 6px solid transparent;
    transition:
      opacity 600ms ease,
      transform 600ms ease;
    animation: plate-in 450ms ease both;
  }
  .plate.leader {
    border-top-color: var(--riffle-overlay-warn);
  }
  .head {
    display: flex;
    align-items: center;
    gap: 6px;
    height: 34px;
    font-size: 28px;
    font-weight: 700;
    white-space: nowrap;
    overflow: hidden;
  }
  .seat {
    flex: none;
    min-width: 1.2em;
    padding: 0 4px;
    border-radius: 6px;
    background: var(--riffle-overlay-bg-2);
    color: var(--riffle-overlay-muted);
    text-align: center;
  }
  .head .flag {
    flex: none;
  }
  .photo {
    flex: none;
    width: 34px;
    height: 34px;
    border-radius: 50%;
    object-fit: cover;
  }
  .leader-mark {
    flex: none;
    color: var(--riffle-overlay-warn);
    font-weight: 800;
  }
  .markers {
    flex: none;
    margin-left: auto;
    display: flex;
    gap: 3px;
  }
  .marker {
    padding: 0 5px;
    border-radius: 999px;
    font-size: 28px;
    line-height: 32px;
    font-weight: 800;
    background: var(--riffle-overlay-bg-2);
    color: var(--riffle-overlay-text);
  }
  .marker.button {
    background: var(--riffle-overlay-text);
    color: var(--riffle-overlay-bg-2);
  }
  /* Two lines of the condensed face, fitted (lib/fit-name.ts): shrunk to 28 px, then the on-air name. */
  .name {
    font-size: 30px;
    font-weight: 700;
  }
  .stack {
    font-size: 34px;
    font-weight: 800;
    line-height: 38px;
    white-space: nowrap;
    overflow: hidden;
  }
  .stack.bbs {
    font-size: 28px;
    line-height: 32px;
    font-weight: 600;
    color: var(--riffle-overlay-muted);
  }
  .bounty {
    display: flex;
    align-items: center;
    gap: 6px;
    font-size: 28px;
    line-height: 32px;
    font-weight: 700;
    color: var(--riffle-overlay-warn);
    white-space: nowrap;
    overflow: hidden;
  }
  /* A bounty's crosshair, drawn (no glyph a streaming PC's fonts may lack). */
  .bounty-icon {
    flex: none;
    width: 14px;
    height: 14px;
    border: 3px solid currentColor;
    border-radius: 50%;
    background: radial-gradient(circle, currentColor 0 3px, transparent 3.5px);
  }
  .busted {
    opacity: 0.45;
    filter: grayscale(1);
  }
  @keyframes plate-in {
    from {
      opacity: 0;
      transform: translateY(24px);
    }
  }
`;
