import { css } from 'lit';

/** Phone first: one column, 16 px+ text, every target at least 44 px, thumb zone at the bottom. */
export default css`
  :host {
    display: flex;
    flex-direction: column;
    min-height: 100%;
    min-height: 100dvh;
    background: var(--riffle-bg);
    color: var(--riffle-text);
    font-family: var(--riffle-font);
    font-size: 16px;
    -webkit-font-smoothing: antialiased;
    -webkit-text-size-adjust: 100%;
  }
  .bar {
    position: sticky;
    top: 0;
    z-index: 5;
    display: flex;
    flex-wrap: wrap;
    row-gap: 0;
    align-items: center;
    gap: 8px;
    padding: calc(8px + env(safe-area-inset-top)) 10px 8px 12px;
    background: var(--riffle-surface);
    border-bottom: 1px solid var(--riffle-line);
  }
  .chooser {
    flex: 1;
    min-width: 0;
  }
  select {
    width: 100%;
    min-height: 44px;
    padding: 0 32px 0 12px;
    border-radius: 12px;
    border: 1px solid var(--riffle-line);
    color: var(--riffle-text);
    font: 700 17px var(--riffle-font);
    text-overflow: ellipsis;
    appearance: none;
    background: var(--riffle-surface-2)
      url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='%239aa7bd' stroke-width='2.5'%3E%3Cpath d='M6 9l6 6 6-6'/%3E%3C/svg%3E")
      no-repeat right 10px center / 18px;
  }
  .conn {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    font-size: 13px;
    font-weight: 700;
  }
  .conn .dot {
    width: 10px;
    height: 10px;
    border-radius: 50%;
    background: var(--riffle-break);
  }
  .conn.connecting {
    color: var(--riffle-paused);
  }
  .conn.connecting .dot {
    background: var(--riffle-paused);
  }
  .conn.offline {
    color: var(--riffle-danger);
  }
  .conn.offline .dot {
    background: var(--riffle-danger);
  }
  .role {
    padding: 5px 9px;
    border-radius: 8px;
    font-size: 13px;
    font-weight: 800;
    letter-spacing: 0.06em;
    color: var(--riffle-accent);
    border: 1.5px solid currentColor;
  }
  .logout,
  .setup-open {
    width: 44px;
    height: 44px;
    display: inline-flex;
    align-items: center;
    justify-content: center;
    border-radius: 12px;
    border: 1px solid var(--riffle-line);
    background: transparent;
    color: var(--riffle-muted);
    cursor: pointer;
  }
  .setup-open[aria-pressed='true'] {
    color: var(--riffle-accent);
    border-color: var(--riffle-accent);
  }
  .logout svg,
  .setup-open svg {
    width: 22px;
    height: 22px;
    fill: none;
    stroke: currentColor;
    stroke-width: 2;
    stroke-linecap: round;
    stroke-linejoin: round;
  }
  main {
    flex: 1;
    display: flex;
    flex-direction: column;
    gap: 12px;
    padding: 12px 12px calc(14px + env(safe-area-inset-bottom));
    width: 100%;
    max-width: 560px;
    margin: 0 auto;
    box-sizing: border-box;
  }
  .stream-behind {
    margin: 0;
    padding: 6px 12px;
    border-radius: 12px;
    border: 1px solid var(--riffle-line);
    background: var(--riffle-surface);
    color: var(--riffle-accent);
    font-weight: 700;
    font-size: 14px;
  }
  .banner {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 10px;
    padding: 8px 8px 8px 14px;
    border-radius: 14px;
    background: color-mix(in srgb, var(--riffle-paused) 16%, var(--riffle-surface));
    border: 1px solid var(--riffle-paused);
    font-size: 15px;
    font-weight: 700;
  }
  .banner button {
    min-height: 44px;
    padding: 0 14px;
    border-radius: 10px;
    border: 1px solid var(--riffle-line);
    background: var(--riffle-surface);
    color: var(--riffle-text);
    font: 700 15px var(--riffle-font);
  }
  .splash {
    flex: 1;
    display: flex;
    align-items: center;
    justify-content: center;
    padding: 40px 20px;
    text-align: center;
    color: var(--riffle-muted);
    font-size: 18px;
  }
  .toasts {
    position: fixed;
    top: calc(68px + env(safe-area-inset-top));
    left: 12px;
    right: 12px;
    z-index: 30;
    display: flex;
    flex-direction: column;
    gap: 8px;
    pointer-events: none;
  }
  /* The app bar's own strip: a row of the bar under its controls, covering nothing. */
  .toasts.strip {
    position: static;
    flex: 1 0 100%;
    order: 10;
  }
  .toasts.strip .toast:first-child {
    margin-top: 8px;
  }
  .toasts.strip .toast {
    max-width: none;
    padding: 8px 12px;
    font-size: 15px;
  }
  /* Above the tab bar, when the control just used is in the upper half of the screen. */
  .toasts.bottom {
    top: auto;
    bottom: calc(64px + env(safe-area-inset-bottom));
    flex-direction: column-reverse;
  }
  .export {
    display: block;
    margin-top: 12px;
    padding: 14px 16px;
    border-radius: 14px;
    border: 1px solid var(--riffle-line);
    background: var(--riffle-surface);
    color: var(--riffle-accent);
    font-weight: 700;
    text-align: center;
    text-decoration: none;
  }
  .toast {
    pointer-events: auto;
    overflow-wrap: anywhere;
    max-width: 536px;
    width: 100%;
    margin: 0 auto;
    box-sizing: border-box;
    padding: 12px 16px;
    border-radius: 14px;
    font-size: 16px;
    font-weight: 700;
    background: var(--riffle-surface-2);
    border: 1px solid var(--riffle-line);
    border-left: 6px solid var(--riffle-break);
    box-shadow: 0 8px 24px rgb(0 0 0 / 0.45);
    animation: in 0.18s ease-out;
  }
  .toast.error {
    border-left-color: var(--riffle-danger);
  }
  .toast.info {
    border-left-color: var(--riffle-paused);
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
  @keyframes in {
    from {
      opacity: 0;
      transform: translateY(-6px);
    }
  }
  /* The set-up screens (issue 14): a titled column in place of the tab's panel. */
  .setup {
    display: flex;
    flex-direction: column;
    gap: 12px;
    min-width: 0;
  }
  .setup-head {
    display: flex;
    align-items: center;
    gap: 8px;
  }
  .setup-head h2 {
    flex: 1;
    margin: 0;
    font-size: 20px;
  }
  .setup-head button {
    min-height: 44px;
    padding: 0 14px;
    border-radius: 12px;
    border: 1px solid var(--riffle-line);
    background: var(--riffle-surface-2);
    color: var(--riffle-text);
    font: 700 15px var(--riffle-font);
  }
`;
