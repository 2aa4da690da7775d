import { css } from 'lit';

export default css`
  :host {
    --riffle-overlay-enter-x: -64px;
    --riffle-overlay-enter-y: 0px;
  }
  .lower-third {
    left: var(--riffle-safe-x);
    bottom: calc(1080px - var(--riffle-middle-bottom));
    min-width: 560px;
    max-width: var(--riffle-lower-third-max-width);
    padding: 20px 36px 22px 32px;
    border-left: 10px solid var(--riffle-overlay-accent);
  }
  .title {
    font-size: 44px;
    font-weight: 800;
    line-height: 1.15;
    overflow-wrap: anywhere;
  }
  .subtitle {
    margin-top: 6px;
    font-size: 28px;
    font-weight: 600;
    color: var(--riffle-overlay-muted);
    overflow-wrap: anywhere;
  }
`;
