import { css } from 'lit';

export default css`
  :host {
    --riffle-overlay-plate-width: 240px;
  }
  .plates {
    position: absolute;
    left: 48px;
    right: 48px;
    /* Clear of the ticker along the bottom edge. */
    bottom: 88px;
    display: flex;
    justify-content: center;
    gap: 8px;
  }
  .plate {
    position: relative;
    /* Up to 10 plates share the 1920 px row: wide when few, narrower when the table is full. */
    flex: 0 1 var(--riffle-overlay-plate-width);
    min-width: 0;
    height: 96px;
    padding: 10px 14px;
    display: flex;
    flex-direction: column;
    justify-content: space-between;
    transition:
      opacity 600ms ease,
      transform 600ms ease;
    animation: plate-in 450ms ease both;
  }
  .top {
    display: flex;
    align-items: center;
    gap: 8px;
    font-size: 22px;
    font-weight: 700;
    white-space: nowrap;
    overflow: hidden;
  }
  .seat {
    flex: none;
    min-width: 1.4em;
    padding: 0 4px;
    border-radius: 6px;
    background: var(--riffle-overlay-bg-2);
    color: var(--riffle-overlay-muted);
    font-size: 18px;
    text-align: center;
  }
  .stack {
    flex: 1;
    white-space: nowrap;
  }
  .name {
    flex: 1 1 auto;
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  /* The markers sit in the name row, never cut: the name gives way (ellipsis) on a full table. */
  .markers {
    flex: none;
    display: flex;
    gap: 4px;
  }
  .bottom {
    display: flex;
    align-items: center;
    gap: 10px;
    font-size: 26px;
    font-weight: 800;
  }
  .marker {
    padding: 0 7px;
    border-radius: 999px;
    font-size: 18px;
    font-weight: 800;
    background: var(--riffle-overlay-bg-2);
    color: var(--riffle-overlay-text);
  }
  .marker.button {
    background: var(--riffle-overlay-text);
    color: var(--riffle-overlay-bg-2);
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
