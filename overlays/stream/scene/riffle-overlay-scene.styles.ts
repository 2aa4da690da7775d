import { css } from 'lit';

export default css`
  .heading {
    left: 96px;
    top: 64px;
    width: 1728px;
    height: 100px;
    padding: 0 36px;
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 32px;
    border-left: 12px solid var(--riffle-overlay-accent);
  }
  .heading h1 {
    margin: 0;
    font-size: 48px;
    font-weight: 800;
    letter-spacing: 0.03em;
    text-transform: uppercase;
    white-space: nowrap;
  }
  .heading .name {
    font-size: 32px;
    font-weight: 600;
    color: var(--riffle-overlay-muted);
    overflow: hidden;
    white-space: nowrap;
    text-overflow: ellipsis;
  }
  .board.scene {
    left: 96px;
    top: 200px;
    width: 820px;
  }
  .ladder.scene {
    left: 960px;
    top: 200px;
    width: 864px;
  }
  .bug.scene {
    left: 96px;
    top: 872px;
  }
`;
