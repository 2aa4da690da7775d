import { css } from 'lit';

export default css`
  :host {
    --riffle-overlay-ticker-height: 64px;
    --riffle-overlay-ticker-speed: 120;
    --riffle-overlay-enter-y: 60px;
  }
  /* Inside title-safe, as every text on air (docs/OVERLAYS.md "Layout"). */
  .ticker {
    left: var(--riffle-safe-x);
    right: var(--riffle-safe-x);
    bottom: var(--riffle-ticker-bottom);
    height: var(--riffle-overlay-ticker-height);
    border-top: 3px solid var(--riffle-overlay-accent);
  }
  .track {
    position: absolute;
    left: 0;
    top: 0;
    height: 100%;
    display: flex;
    align-items: center;
    white-space: nowrap;
    font-size: 32px;
    font-weight: 700;
  }
  /* Each copy at least as wide as the stage: two side by side always fill the strip. */
  .copy {
    display: flex;
    align-items: center;
    flex: none;
    min-width: 1920px;
    border-right: 3px solid var(--riffle-overlay-accent);
  }
  .item {
    padding: 0 36px;
  }
  .item + .item {
    border-left: 3px solid var(--riffle-overlay-accent);
  }
  /* The sponsor (branding) holds the strip's right end; the messages pass under it. */
  .sponsor-slot {
    position: absolute;
    right: 0;
    top: 0;
    bottom: 0;
    padding: 6px 18px;
    background: var(--riffle-overlay-bg-2);
    border-left: 3px solid var(--riffle-overlay-accent);
  }
  .sponsor-slot .brand {
    height: 100%;
    max-width: 240px;
  }
  .message {
    color: var(--riffle-overlay-accent);
  }
`;
