/**
 * The chip-count panel, shared by the leaderboard overlay and the scene: rank and its change,
 * flag, name, stack (chips, big blinds or both), and players left with the average stack.
 */
import { html, nothing } from 'lit';
import type { FieldView, PlayerEntryView } from '../../../server/protocol/entries-views.js';
import { flag } from '../lib/flag.js';
import { fitName } from '../lib/fit-name.js';
import { onAirNameOf } from '../../../server/protocol/on-air-name.js';
import type { StreamLocalizer } from '../lib/l10n.js';

export const STACK_MODES = ['chips', 'bb', 'both'] as const;
export type StackMode = (typeof STACK_MODES)[number];

export interface BoardInput {
  /** The rows to show, with their rank (1 = chip leader). */
  rows: ReadonlyArray<{ entry: PlayerEntryView; rank: number }>;
  moves: ReadonlyMap<string, number>;
  field: FieldView | undefined;
  bigBlind: number | null;
  stack: StackMode;
  /** "2 of 5" while paging through the field. */
  page?: { page: number; pages: number };
  /** Issue 25: each player's bounty (KO, PKO) after his stack, in this currency; absent: none shown. */
  bounty?: string;
}

function move(places: number | undefined) {
  if (!places) return html`<span class="move"></span>`;
  return places > 0
    ? html`<span class="move up" part="move-up" data-move=${places}>▲${places}</span>`
    : html`<span class="move down" part="move-down" data-move=${places}>▼${-places}</span>`;
}

export function board(input: BoardInput, l10n: StreamLocalizer, extraClass = '') {
  const { rows, moves, field, bigBlind, stack, page, bounty } = input;
  const showBB = stack !== 'chips' && bigBlind !== null && bigBlind > 0;
  const showChips = stack !== 'bb' || !showBB;
  return html`<section class="box board ${extraClass}" part="board" data-box="board">
    <header>
      <h2 part="title">${l10n.t('chipCounts')}</h2>
      ${page && page.pages > 1 ? html`<span class="page">${l10n.t('page', { page: l10n.number(page.page), pages: l10n.number(page.pages) })}</span>` : nothing}
    </header>
    <ol>
      ${rows.map(
        ({ entry, rank }) => html`<li part="row" data-entry=${entry.id} data-rank=${rank}>
          <span class="rank">${l10n.number(rank)}</span>
          ${move(moves.get(entry.id))}
          <span class="name">${flag(entry.country)}<span class="who" ${fitName(entry.name, onAirNameOf(entry))}></span></span>
          <span class="stack" part="stack"
            >${showChips ? html`<span class="chips">${l10n.chips(entry.chips)}</span>` : nothing}${showChips && showBB ? ' ' : ''}${showBB
              ? html`<span class=${showChips ? 'bbs' : 'chips'}>${l10n.bb(entry.chips, bigBlind!)}</span>`
              : nothing}${bounty && entry.bounty !== undefined
              ? html` <span class="bounty" part="bounty" title=${l10n.t('bounty')}>${l10n.money(entry.bounty, bounty)}</span>`
              : nothing}</span
          >
        </li>`,
      )}
    </ol>
    ${field
      ? html`<footer part="footer">
          <span>${l10n.t('playersLeft')}<b part="players-left">${l10n.number(field.playersLeft)} / ${l10n.number(field.entries)}</b></span>
          <span>${l10n.t('avgStack')}<b part="average">${l10n.chips(field.avgStack)}${bigBlind ? html` <span class="muted">· ${l10n.bb(field.avgStack, bigBlind)}</span>` : nothing}</b></span>
        </footer>`
      : nothing}
  </section>`;
}
