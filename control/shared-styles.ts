/**
 * CSS that several control-panel components share, so the standard button or the bottom sheet
 * is written once. A component's styles file composes these first and its own block after, so
 * the component's rules (type size, padding, edge colour) come later in the cascade and win.
 * Only what is really the same thing goes here; rules that merely look alike stay with their
 * component.
 */
import { css } from 'lit';

/**
 * The tab panels (clock, players, money): a column of cards 10 px apart, with tabular figures so
 * chip counts and times do not jump sideways as they change.
 */
export const panelStyles = css`
  :host {
    display: flex;
    flex-direction: column;
    gap: 10px;
    font-variant-numeric: tabular-nums;
  }
`;

/**
 * A thumb-sized touch target: 44 px high (WCAG 2.5.5, Apple HIG) on the raised surface.
 * Declarations only, interpolated into the rules below; not a stylesheet by itself.
 */
const touchControl = css`
  min-height: 44px;
  border-radius: 12px;
  border: 1px solid var(--riffle-line);
  background: var(--riffle-surface-2);
  color: var(--riffle-text);
`;

/** The panels' standard button. Each panel sets its own font and padding. */
export const buttonStyles = css`
  button {
    ${touchControl}
  }
`;

/**
 * The tall action buttons of the money, deal and stream panels: 48 px, bold, the primary one in
 * the accent colour, a disabled one dimmed. On top of buttonStyles.
 */
export const actionButtonStyles = css`
  button {
    min-height: 48px;
    padding: 0 14px;
    font: 700 16px var(--riffle-font);
  }
  button.primary {
    background: var(--riffle-accent);
    border-color: var(--riffle-accent);
    color: #05070d;
  }
  button:disabled {
    opacity: 0.4;
  }
`;

/**
 * Text, number and choice fields, the same height and look as the buttons beside them in a
 * form row. Not for a panel with checkboxes: they would grow to 44 px.
 */
export const fieldStyles = css`
  input,
  select {
    ${touchControl}
  }
`;

/**
 * A labelled field of the set-up forms (new tournament, structure editor): the label above its
 * control in small muted type, the control as wide as its column.
 */
export const labelledFieldStyles = css`
  input,
  select {
    width: 100%;
    min-width: 0;
    box-sizing: border-box;
    padding: 0 10px;
    font: 16px var(--riffle-font);
  }
  label {
    display: flex;
    flex-direction: column;
    gap: 4px;
    min-width: 0;
    font-size: 13px;
    color: var(--riffle-muted);
  }
`;

/**
 * The bottom sheet over a panel (the room view's seat sheet, the bust-hand sheet): pinned to the
 * bottom edge where the thumb is, with rows of equal buttons and a red button for the step that
 * busts a player. Each sheet sets its own padding, gap and top edge.
 */
export const sheetStyles = css`
  .sheet {
    position: fixed;
    inset: auto 0 0 0;
    z-index: 20;
    background: var(--riffle-surface);
    border-radius: 18px 18px 0 0;
    display: grid;
    box-shadow: 0 -8px 30px rgb(0 0 0 / 0.5);
  }
  .row {
    display: flex;
    gap: 8px;
  }
  .row > * {
    flex: 1;
  }
  .danger {
    background: var(--riffle-danger);
    border-color: var(--riffle-danger);
    color: #0b0f17;
  }
`;

/**
 * Every button on the full-screen views (clock controls, PIN pad, level list): the panel's font,
 * no double-tap zoom delay, no grey flash on tap.
 */
export const tapStyles = css`
  button {
    font: inherit;
    color: var(--riffle-text);
    touch-action: manipulation;
    -webkit-tap-highlight-color: transparent;
    cursor: pointer;
  }
`;

/**
 * The large keys of the clock controls and the PIN pad, on top of `tapStyles`: rounder, bold,
 * and a clear focus ring for a keyboard or switch user. Each view sets the key's height and
 * type size.
 */
export const keyStyles = [
  tapStyles,
  css`
    button {
      border-radius: 16px;
      border: 1px solid var(--riffle-line);
      background: var(--riffle-surface-2);
      font-weight: 700;
    }
    button:focus-visible {
      outline: 3px solid var(--riffle-accent);
      outline-offset: 2px;
    }
  `,
];

/**
 * A tab panel's cards (money, stream): a raised block with an upper-case heading, rows of
 * controls 8 px apart and muted hints.
 */
export const cardStyles = css`
  .card {
    padding: 12px 14px;
    border-radius: 16px;
    background: var(--riffle-surface);
    border: 1px solid var(--riffle-line);
    display: flex;
    flex-direction: column;
    gap: 8px;
    min-width: 0;
  }
  h2 {
    margin: 0;
    font-size: 15px;
    letter-spacing: 0.06em;
    text-transform: uppercase;
    color: var(--riffle-muted);
  }
  .row {
    display: flex;
    gap: 8px;
  }
  .hint {
    margin: 0;
    color: var(--riffle-muted);
    font-size: 14px;
  }
`;
