/**
 * Colours shared by the venue display, the control panel and (later) the stream overlays, so
 * "paused" or "break" looks the same everywhere. Dark, high contrast (WCAG AAA for text on
 * the background), and each state also differs by text, never by colour alone.
 */
import { css } from 'lit';

export const tokens = css`
  :host {
    --riffle-bg: #05070d;
    --riffle-surface: #0e1320;
    --riffle-surface-2: #161d2e;
    --riffle-line: #243049;
    --riffle-text: #f4f7fb;
    --riffle-muted: #9aa7bd;
    --riffle-accent: #4cc9f0;
    --riffle-break: #4ade80;
    --riffle-paused: #fbbf24;
    --riffle-danger: #ff5d5d;
    --riffle-font: 'Inter', 'Segoe UI', Roboto, 'Helvetica Neue', 'Noto Sans', 'DejaVu Sans', system-ui, sans-serif;
  }
`;
