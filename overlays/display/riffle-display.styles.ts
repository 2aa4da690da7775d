import { css } from 'lit';

export default css`
  :host {
    position: fixed;
    inset: 0;
    display: block;
    overflow: hidden;
    background: radial-gradient(ellipse at 50% 35%, #0d1424 0%, var(--riffle-bg) 70%);
    color: var(--riffle-text);
    font-family: var(--riffle-font);
    --u: min(1vh, 0.5625vw);
    cursor: default;
    -webkit-font-smoothing: antialiased;
  }
  .message {
    height: 100%;
    display: flex;
    flex-direction: column;
    align-items: center;
    justify-content: center;
    gap: calc(2.5 * var(--u));
    padding: 0 calc(10 * var(--u));
    text-align: center;
  }
  .message h1 {
    margin: 0;
    font-size: calc(7 * var(--u));
    font-weight: 800;
  }
  .message p {
    margin: 0;
    max-width: calc(120 * var(--u));
    font-size: calc(3.6 * var(--u));
    color: var(--riffle-muted);
  }
  .message.waiting p {
    font-size: calc(4.5 * var(--u));
  }
  .brand {
    font-size: calc(3 * var(--u));
    font-weight: 800;
    letter-spacing: 0.3em;
    color: var(--riffle-accent);
  }
  .badge {
    position: absolute;
    display: inline-flex;
    align-items: center;
    gap: calc(0.8 * var(--u));
    padding: calc(0.6 * var(--u)) calc(1.6 * var(--u));
    border-radius: calc(10 * var(--u));
    font: 700 calc(1.7 * var(--u)) / 1 var(--riffle-font);
    letter-spacing: 0.06em;
    border: calc(0.2 * var(--u)) solid currentColor;
  }
  .offline {
    top: calc(1.6 * var(--u));
    right: calc(2 * var(--u));
    color: var(--riffle-danger);
    background: color-mix(in srgb, var(--riffle-danger) 12%, var(--riffle-bg));
    text-transform: uppercase;
  }
  .offline .dot {
    width: calc(1 * var(--u));
    height: calc(1 * var(--u));
    border-radius: 50%;
    background: currentColor;
  }
  .sound {
    top: calc(1.6 * var(--u));
    left: calc(2 * var(--u));
    color: var(--riffle-muted);
    background: var(--riffle-bg);
    opacity: 0.8;
    cursor: pointer;
    /* Inside the room the header keeps for the corner badges (30u): a long sentence ("Klicken,
       um den Ton einzuschalten") wraps to a second line instead of running under the name. */
    box-sizing: border-box;
    max-width: calc(27 * var(--u));
    line-height: 1.15;
    border-radius: calc(1.6 * var(--u));
  }
  .sound svg {
    flex: none;
  }
  .sound svg {
    width: calc(2.2 * var(--u));
    height: calc(2.2 * var(--u));
    fill: none;
    stroke: currentColor;
    stroke-width: 2;
  }
`;
