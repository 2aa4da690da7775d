import { css } from 'lit';

/**
 * The stage every overlay draws on: a 1920×1080 canvas scaled to the browser source (720p, 4K,
 * any 16:9), on a transparent page. The custom properties are the streamer's theme (OBS: the
 * source's "Custom CSS", e.g. `riffle-overlay-clock { --riffle-overlay-accent: #e11d48 }`).
 * Animations: transitions of transform and opacity only, never infinite (OBS's browser leaks
 * memory on infinite CSS animations).
 */
export const stageStyles = css`
  :host {
    --riffle-overlay-bg: rgba(8, 12, 22, 0.9);
    --riffle-overlay-bg-2: rgba(24, 32, 52, 0.94);
    --riffle-overlay-text: #f4f7fb;
    --riffle-overlay-muted: #a9b4c8;
    --riffle-overlay-accent: #4cc9f0;
    --riffle-overlay-accent-text: #03131c;
    --riffle-overlay-up: #4ade80;
    --riffle-overlay-down: #ff6b6b;
    --riffle-overlay-warn: #fbbf24;
    --riffle-overlay-radius: 12px;
    --riffle-overlay-font: 'Riffle Display', 'Barlow Condensed', 'Arial Narrow', var(--riffle-font);
    --riffle-overlay-enter-x: 0px;
    --riffle-overlay-enter-y: 32px;
    --riffle-overlay-duration: 450ms;
    position: fixed;
    inset: 0;
    display: block;
    overflow: hidden;
    pointer-events: none;
    background: transparent;
    color: var(--riffle-overlay-text);
    font-family: var(--riffle-overlay-font);
    font-variant-numeric: tabular-nums;
    -webkit-font-smoothing: antialiased;
  }
  .stage {
    position: absolute;
    left: 0;
    top: 0;
    width: 1920px;
    height: 1080px;
    transform-origin: 0 0;
  }
  .air {
    position: absolute;
    inset: 0;
    opacity: 0;
    transform: translate(var(--riffle-overlay-enter-x), var(--riffle-overlay-enter-y));
    transition:
      opacity var(--riffle-overlay-duration) ease,
      transform var(--riffle-overlay-duration) cubic-bezier(0.2, 0.8, 0.2, 1);
  }
  .air.on {
    opacity: 1;
    transform: none;
  }
  /* The off pose of an entrance played again: taken at once, so the way back is the whole entrance. */
  .air.reset {
    transition: none;
  }
  .box {
    position: absolute;
    box-sizing: border-box;
    background: var(--riffle-overlay-bg);
    border-radius: var(--riffle-overlay-radius);
    overflow: hidden;
  }
  .flag {
    display: inline-block;
    width: 1.33em;
    height: 1em;
    border-radius: 2px;
    object-fit: cover;
    vertical-align: -0.12em;
  }
  /* The event's logo and the sponsor's (branding): contained in the box each overlay gives them. */
  .brand {
    display: block;
    object-fit: contain;
  }
  .muted {
    color: var(--riffle-overlay-muted);
  }
`;
