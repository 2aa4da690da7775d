import { css } from 'lit';

/**
 * The break scene's composite on the shared grid (docs/OVERLAYS.md "Layout"): the heading in
 * the top band, chip counts in the left column and the ladder in the right one (10 rows each),
 * the clock at the bottom, above the ticker's slot.
 */
export default css`
  .heading {
    left: var(--riffle-safe-x);
    top: var(--riffle-safe-y);
    right: var(--riffle-safe-x);
    height: 96px;
    padding: 0 36px;
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 32px;
    border-left: 12px solid var(--riffle-overlay-accent);
  }
  .heading h1 {
    flex: none;
    margin: 0;
    font-size: 52px;
    font-weight: 800;
    letter-spacing: 0.03em;
    text-transform: uppercase;
    white-space: nowrap;
  }
  .heading .brand {
    flex: none;
    height: 72px;
    max-width: 220px;
  }
  .heading .name {
    flex: 1;
    text-align: right;
    min-width: 0;
    font-size: 36px;
    font-weight: 600;
    color: var(--riffle-overlay-muted);
    overflow: hidden;
    white-space: nowrap;
    text-overflow: ellipsis;
  }
  .board.scene,
  .ladder.scene {
    top: 166px;
    width: calc((1920px - 2 * var(--riffle-safe-x) - 2 * var(--riffle-gap)) / 2);
  }
  .board.scene {
    left: var(--riffle-safe-x);
  }
  .ladder.scene {
    right: var(--riffle-safe-x);
  }
  .board.scene li,
  .ladder.scene li {
    height: 44px;
  }
  .bug.scene {
    left: var(--riffle-safe-x);
    bottom: calc(1080px - var(--riffle-plates-bottom));
    max-width: calc(1920px - 2 * var(--riffle-safe-x));
  }
`;
