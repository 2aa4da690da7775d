/**
 * The look the TD's venue screens share (set-up: Players and Leagues): cards of labelled fields
 * and tall buttons, lists whose names wrap in full (a 40-character name is never cut), messages
 * in the accent or danger colour. On top of control/shared-styles.ts.
 */
import { css } from 'lit';
import { actionButtonStyles, buttonStyles, cardStyles, fieldStyles, labelledFieldStyles, panelStyles } from './shared-styles.js';
import { tokens } from '../web/lib/theme.js';

export const venueStyles = [
  tokens,
  panelStyles,
  buttonStyles,
  actionButtonStyles,
  fieldStyles,
  cardStyles,
  labelledFieldStyles,
  css`
    :host {
      min-width: 0;
      color: var(--riffle-text);
      font-family: var(--riffle-font);
    }
    .card p {
      margin: 0;
      overflow-wrap: anywhere;
    }
    .stack {
      display: flex;
      flex-direction: column;
      gap: 10px;
      min-width: 0;
    }
    textarea {
      width: 100%;
      box-sizing: border-box;
      min-height: 88px;
      padding: 8px 10px;
      border-radius: 12px;
      border: 1px solid var(--riffle-line);
      background: var(--riffle-surface-2);
      color: var(--riffle-text);
      font: 16px var(--riffle-font);
      resize: vertical;
    }
    label.check {
      flex-direction: row;
      align-items: center;
      gap: 10px;
      min-height: 44px;
      font-size: 15px;
      color: var(--riffle-text);
    }
    label.check input {
      width: 22px;
      min-height: 22px;
      flex: none;
    }
    .grid {
      display: grid;
      grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
      gap: 8px;
    }
    .grid > .wide {
      grid-column: 1 / -1;
    }
    .row {
      flex-wrap: wrap;
    }
    .row > button,
    .row > a.button {
      flex: 1 1 auto;
    }
    .portrait {
      width: 120px;
      height: 120px;
      object-fit: cover;
      border-radius: 12px;
    }
    label.button {
      flex-direction: row;
      cursor: pointer;
    }
    a.button,
    label.button {
      display: inline-flex;
      align-items: center;
      justify-content: center;
      min-height: 48px;
      padding: 0 14px;
      border-radius: 12px;
      border: 1px solid var(--riffle-line);
      background: var(--riffle-surface-2);
      color: var(--riffle-text);
      font: 700 16px var(--riffle-font);
      text-decoration: none;
      text-align: center;
    }
    button.danger {
      background: var(--riffle-danger);
      border-color: var(--riffle-danger);
      color: #0b0f17;
    }
    button {
      white-space: normal;
      overflow-wrap: anywhere;
    }
    ul.list {
      list-style: none;
      margin: 0;
      padding: 0;
      display: grid;
      gap: 6px;
    }
    ul.list > li {
      min-width: 0;
    }
    ul.list button.item {
      width: 100%;
      min-height: 52px;
      display: grid;
      grid-template-columns: 28px minmax(0, 1fr);
      align-items: center;
      gap: 10px;
      padding: 6px 12px;
      text-align: start;
      font: 600 16px var(--riffle-font);
    }
    .flag img {
      display: block;
      width: 28px;
      height: 21px;
      border-radius: 3px;
    }
    h3 .flag img {
      display: inline-block;
      vertical-align: -3px;
    }
    .name {
      overflow-wrap: anywhere;
      min-width: 0;
    }
    .nick {
      color: var(--riffle-muted);
      font-weight: 500;
    }
    .lines {
      list-style: none;
      margin: 0;
      padding: 0;
      display: grid;
      gap: 4px;
      font-size: 15px;
    }
    .lines li {
      overflow-wrap: anywhere;
    }
    .issue {
      margin: 0;
      color: var(--riffle-danger);
      overflow-wrap: anywhere;
    }
    .ok {
      margin: 0;
      color: var(--riffle-break);
      overflow-wrap: anywhere;
    }
    fieldset {
      margin: 0;
      min-width: 0;
    }
    ol.points {
      list-style: none;
      margin: 0;
      padding: 0;
      display: grid;
      grid-template-columns: repeat(auto-fill, minmax(96px, 1fr));
      gap: 4px 12px;
      font-size: 15px;
    }
    ol.points li {
      display: flex;
      justify-content: space-between;
      gap: 6px;
    }
    table {
      width: 100%;
      border-collapse: collapse;
      font-size: 15px;
    }
    th,
    td {
      padding: 6px 4px;
      text-align: start;
      border-bottom: 1px solid var(--riffle-line);
      overflow-wrap: anywhere;
    }
    /* The figures' columns as wide as their heading ("Gespeeld", "Odigrano"); the name wraps in the rest. */
    th {
      color: var(--riffle-muted);
      font-size: 13px;
      font-weight: 600;
      white-space: nowrap;
      overflow-wrap: normal;
    }
    .rank,
    th.num,
    td.num {
      width: 1%;
    }
    th.num,
    td.num {
      text-align: end;
    }
    li.tournament {
      display: flex;
      align-items: center;
      gap: 8px;
    }
    li.tournament .name {
      flex: 1;
    }
    li.tournament button {
      padding: 0 12px;
    }
    .add {
      display: flex;
      align-items: end;
      gap: 8px;
    }
    .add label {
      flex: 1;
    }
    .add button {
      padding: 0 16px;
    }
    h3 {
      margin: 0;
      font-size: 17px;
      overflow-wrap: anywhere;
    }
  `,
];
