import { css } from 'lit';
import { actionButtonStyles, buttonStyles, cardStyles, fieldStyles, panelStyles } from '../shared-styles.js';

export default [
  panelStyles,
  buttonStyles,
  actionButtonStyles,
  cardStyles,
  fieldStyles,
  css`
    .stack {
      display: flex;
      flex-direction: column;
      gap: 8px;
    }
    .grow {
      flex: 1;
      min-width: 0;
      display: flex;
    }
    .grow input {
      flex: 1;
      min-width: 0;
    }
    button.wide {
      width: 100%;
    }
    button.half {
      flex: 1;
    }
    button.small {
      min-height: 36px;
      padding: 0 10px;
      font-size: 14px;
      flex: none;
    }
    input,
    select,
    textarea {
      box-sizing: border-box;
      width: 100%;
      padding: 0 12px;
      font: 500 17px var(--riffle-font);
    }
    textarea {
      padding: 10px 12px;
      border-radius: 12px;
      border: 1px solid var(--riffle-line);
      background: var(--riffle-surface-2);
      color: var(--riffle-text);
      resize: vertical;
    }
    .status {
      margin: 0;
      font-weight: 800;
      color: var(--riffle-accent);
    }
    .counts {
      display: flex;
      flex-direction: column;
      gap: 6px;
    }
    .count {
      display: grid;
      grid-template-columns: 1.4em minmax(0, 1fr) 9em;
      align-items: center;
      gap: 8px;
    }
    .count .seat {
      color: var(--riffle-muted);
      font-weight: 700;
      text-align: center;
    }
    /* Names in full (a 40-character name takes two lines), never cut. */
    .name {
      min-width: 0;
      overflow-wrap: anywhere;
      font-weight: 600;
      line-height: 1.2;
    }
    .count input {
      text-align: right;
    }
    .names {
      margin: 0;
      padding: 0;
      list-style: none;
      display: flex;
      flex-direction: column;
      gap: 12px;
    }
    .names li {
      display: flex;
      flex-direction: column;
      gap: 4px;
    }
    .airs {
      color: var(--riffle-muted);
    }
    .airs.cut,
    .flag-cut {
      color: var(--riffle-danger);
      font-weight: 700;
    }
    .overlays {
      margin: 0;
      padding: 0;
      list-style: none;
      display: flex;
      flex-direction: column;
      gap: 10px;
    }
    .overlay-head {
      display: flex;
      align-items: center;
      gap: 8px;
    }
    .overlay-head .name {
      flex: 1;
    }
    .overlay-head button {
      min-width: 7.5em;
      color: var(--riffle-muted);
    }
    .overlay-head button.on-air {
      background: var(--riffle-danger);
      border-color: var(--riffle-danger);
      color: #fff;
    }
    .url {
      display: flex;
      align-items: center;
      gap: 8px;
      min-width: 0;
    }
    .url code {
      flex: 1;
      min-width: 0;
      overflow: hidden;
      text-overflow: ellipsis;
      white-space: nowrap;
      color: var(--riffle-muted);
      font-size: 12px;
      user-select: all;
    }
    h3 {
      margin: 4px 0 0;
      font-size: 13px;
      color: var(--riffle-muted);
    }
    .obs-state {
      margin: 0;
      display: flex;
      align-items: center;
      gap: 8px;
      font-weight: 800;
    }
    .light {
      width: 12px;
      height: 12px;
      border-radius: 50%;
      background: var(--riffle-muted);
    }
    .light.connected {
      background: var(--riffle-break);
    }
    .light.connecting {
      background: var(--riffle-paused);
    }
    .light.wrong-password,
    .light.unreachable,
    .light.not-responding,
    .light.kicked {
      background: var(--riffle-danger);
    }
    .hint.error {
      color: var(--riffle-danger);
    }
    .scenes {
      display: flex;
      flex-wrap: wrap;
      gap: 8px;
    }
    .scenes button {
      flex: 1 1 40%;
      min-width: 0;
      overflow: hidden;
      text-overflow: ellipsis;
      white-space: nowrap;
    }
    .scenes button.on-air {
      background: var(--riffle-danger);
      border-color: var(--riffle-danger);
      color: #fff;
    }
    /* The on-air switches: the first thing on the tab, nine in a 3 x 3 grid of thumb-sized
       buttons that wrap long names onto two lines instead of widening the grid. */
    .air-head {
      display: flex;
      flex-wrap: wrap;
      align-items: baseline;
      justify-content: space-between;
      gap: 2px 8px;
    }
    .air-head .status {
      font-size: 13px;
    }
    /* Two columns on a phone: "Auszahlungen" and "Spielerschilder" fit whole (three columns
       broke them mid-word); five rows still end in the first screen. */
    .switches {
      display: grid;
      grid-template-columns: repeat(2, minmax(0, 1fr));
      gap: 6px;
    }
    @media (min-width: 560px) {
      .switches {
        grid-template-columns: repeat(3, minmax(0, 1fr));
      }
    }
    button.switch {
      min-height: 48px;
      padding: 4px 6px;
      display: flex;
      flex-direction: column;
      align-items: flex-start;
      justify-content: center;
      gap: 1px;
      text-align: left;
      font: 700 14px/1.15 var(--riffle-font);
      min-width: 0;
      color: var(--riffle-muted);
    }
    .switch-name {
      max-width: 100%;
      overflow-wrap: break-word;
      color: var(--riffle-text);
    }
    .switch-state {
      font-size: 12px;
      font-weight: 600;
      max-width: 100%;
      overflow-wrap: anywhere;
    }
    button.switch.on-air {
      background: var(--riffle-danger);
      border-color: var(--riffle-danger);
      color: #fff;
    }
    button.switch.on-air .switch-name {
      color: #fff;
    }
    button.switch.pending,
    .status.pending {
      outline: 2px dashed var(--riffle-paused);
      outline-offset: -2px;
    }
    .status.pending {
      outline: none;
      color: var(--riffle-paused);
    }
    .field-count {
      position: relative;
      display: flex;
    }
    .field-count input {
      flex: 1;
      min-width: 0;
      padding-right: 5.5em;
    }
    .counter {
      position: absolute;
      right: 10px;
      top: 50%;
      transform: translateY(-50%);
      font-size: 12px;
      color: var(--riffle-muted);
      pointer-events: none;
    }
    .counter.over {
      color: var(--riffle-danger);
      font-weight: 800;
    }
    .cued {
      display: flex;
      flex-direction: column;
      gap: 6px;
      padding: 8px 10px;
      border-radius: 12px;
      border: 2px solid var(--riffle-accent);
    }
    .cued-text {
      margin: 0;
      display: flex;
      flex-direction: column;
      min-width: 0;
    }
    .cued-title {
      font-weight: 800;
      overflow-wrap: anywhere;
    }
    .cued-sub,
    .bio-sub {
      color: var(--riffle-muted);
      font-size: 14px;
      overflow-wrap: anywhere;
    }
    button.take {
      flex: 1;
      min-height: 56px;
      font-size: 18px;
    }
    .library {
      margin: 0;
      padding: 0;
      list-style: none;
      display: flex;
      flex-direction: column;
      gap: 6px;
    }
    .library li {
      display: flex;
      align-items: center;
      gap: 6px;
    }
    .bio {
      flex: 1;
      min-width: 0;
      display: flex;
      flex-direction: column;
    }
    .bio-title {
      font-weight: 700;
      overflow-wrap: anywhere;
    }
    button.quiet {
      color: var(--riffle-muted);
      min-width: 44px;
    }
    .segmented {
      display: flex;
      gap: 6px;
    }
    .segmented button {
      flex: 1;
      min-width: 0;
      font-size: 14px;
      padding: 0 6px;
    }
    .segmented button[aria-pressed='true'] {
      border-color: var(--riffle-accent);
      color: var(--riffle-accent);
    }
    /* The overlay page fits its 1920x1080 stage into the frame by itself. The checks show
       what is transparent (OBS puts the cameras there). */
    .frame {
      aspect-ratio: 16 / 9;
      border-radius: 8px;
      overflow: hidden;
      background: repeating-conic-gradient(#2a3140 0 25%, #1c2230 0 50%) 0 0 / 16px 16px;
    }
    .frame iframe {
      width: 100%;
      height: 100%;
      border: 0;
      display: block;
    }
    details.more > summary {
      list-style: none;
      display: flex;
      align-items: center;
      gap: 8px;
      min-height: 32px;
      cursor: pointer;
    }
    details.more > summary::-webkit-details-marker {
      display: none;
    }
    details.more > summary::after {
      content: '▾';
      margin-left: auto;
      color: var(--riffle-muted);
    }
    details.more[open] > summary::after {
      content: '▴';
    }
    .overlays li {
      display: flex;
      flex-direction: column;
      gap: 4px;
      min-width: 0;
    }
    .visually-hidden {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip: rect(0 0 0 0);
    }
  `,
];
