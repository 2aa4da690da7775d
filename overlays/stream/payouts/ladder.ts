/**
 * The payout ladder as the stream shows it, shared by the payouts overlay and the scene:
 * places with the same amount in one row ("10th-12th"), the places already paid greyed out
 * with who finished there, and the next pay jump highlighted.
 */
import { html, nothing } from 'lit';
import type { FieldView, PayoutsView, PlayersView } from '../../../server/protocol/entries-views.js';
import type { StreamLocalizer } from '../lib/l10n.js';

export interface LadderRow {
  from: number;
  to: number;
  amount: number;
  /** Every place of the row is awarded. */
  paid: boolean;
  /** Who finished in these places, best first. */
  names: string[];
  /** A player's share of a deal (IP r8): `names` is his, `from`/`to` are 0. */
  deal?: true;
}

export function ladderRows(payouts: PayoutsView, players: PlayersView | undefined): LadderRow[] {
  const rows: LadderRow[] = [];
  for (const p of payouts.places) {
    if (p.amount <= 0) continue;
    const last = rows.at(-1);
    if (last && last.amount === p.amount && last.to === p.place - 1) {
      last.to = p.place;
      last.paid = last.paid && p.paid;
    } else rows.push({ from: p.place, to: p.place, amount: p.amount, paid: p.paid, names: [] });
  }
  const finished = (players?.entries ?? []).filter((e) => e.status === 'busted' && e.place !== undefined).sort((a, b) => a.place! - b.place!);
  for (const row of rows) row.names = finished.filter((e) => e.place! <= row.to && (e.placeTo ?? e.place!) >= row.from).map((e) => e.name);
  const deal = payouts.deal;
  if (!deal) return rows;
  // After a deal (IP r8) the places not yet paid before it no longer say what anyone gets: the
  // deal's players by name with their amounts, under the places paid before it (issue 23).
  const inDeal = new Set(Object.keys(deal.amounts));
  const before = rows.filter((r) => r.paid && !finished.some((e) => inDeal.has(e.id) && e.place! <= r.to && (e.placeTo ?? e.place!) >= r.from));
  const shares = Object.entries(deal.amounts)
    .sort((a, b) => b[1] - a[1])
    .map(([id, amount]): LadderRow => ({ from: 0, to: 0, amount, paid: false, names: [deal.names?.[id] ?? id], deal: true }));
  return [...shares, ...before];
}

/**
 * The row of the next pay jump: before the money, the min cash; in the money, the row above
 * the place the next player out finishes in (the amount the survivors move up to).
 */
export function nextJump(rows: readonly LadderRow[], field: FieldView | undefined): number {
  // After a deal there is no pay jump left to play for.
  if (!field || rows.length === 0 || field.playersLeft <= 1 || rows[0]!.deal) return -1;
  const place = field.playersLeft;
  const at = rows.findIndex((r) => r.from <= place && place <= r.to);
  if (at < 0) return place > rows.at(-1)!.to ? rows.length - 1 : -1;
  return at - 1;
}

/**
 * The rows to show: all that fit, else a window that keeps the pay jump and two paid rows under
 * it. `fromTop`: the window starts at 1st whenever the places still to play fit (a final table's
 * scene shows the top of the ladder, not the places paid long ago).
 */
export function visibleRows(rows: readonly LadderRow[], jump: number, max: number, fromTop = false): Array<{ row: LadderRow; index: number }> {
  const all = rows.map((row, index) => ({ row, index }));
  if (rows.length <= max) return all;
  if (fromTop && jump + 1 <= max) return all.slice(0, max);
  const end = Math.min(rows.length, Math.max(max, jump + 3));
  return all.slice(end - max, end);
}

/** A satellite (issue 25): the seats still to win, and the seat bubble (one player more than the seats left). */
function seats(field: FieldView, l10n: StreamLocalizer) {
  const s = field.satellite!;
  const bubble = s.seatsLeft > 0 && field.playersLeft === s.seatsLeft + 1;
  return html`<p class="seats" part="seats" data-seats-left=${s.seatsLeft}>
    ${l10n.t('seatsLeftValue', { left: l10n.number(s.seatsLeft), seats: l10n.number(s.seats) })}${bubble
      ? html` <span class="seat-bubble" part="seat-bubble">${l10n.t('seatBubble')}</span>`
      : nothing}
  </p>`;
}

export function ladder(payouts: PayoutsView, players: PlayersView | undefined, field: FieldView | undefined, max: number, l10n: StreamLocalizer, extraClass = '', fromTop = false) {
  const rows = ladderRows(payouts, players);
  const jump = nextJump(rows, field);
  return html`<section class="box ladder ${extraClass}" part="ladder" data-box="ladder">
    <header>
      <h2 part="title">${l10n.t('payouts')}</h2>
      <span class="pool" part="pool">${l10n.t('prizePoolValue', { amount: l10n.money(payouts.prizePool, payouts.currency) })}</span>
    </header>
    ${field?.satellite ? seats(field, l10n) : nothing}
    <ol>
      ${visibleRows(rows, jump, max, fromTop).map(
        ({ row, index }) => html`<li
          class="${row.paid ? 'paid' : ''} ${index === jump ? 'jump' : ''} ${row.deal ? 'deal' : ''}"
          part="row${row.paid ? ' paid' : ''}${index === jump ? ' jump' : ''}"
          data-from=${row.from}
          data-to=${row.to}
        >
          <span class="place">${row.deal ? l10n.t('deal') : l10n.place(row.from, row.to)}</span>
          <span class="who">${row.names.join(', ')}${index === jump ? html`<span class="jump-label" part="jump-label">${l10n.t('nextPayJump')}</span>` : nothing}</span>
          <span class="amount">${l10n.money(row.amount, payouts.currency)}</span>
        </li>`,
      )}
    </ol>
  </section>`;
}
