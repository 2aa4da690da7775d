/**
 * Several busts in one hand, as the TD marks them on the phone: the `entry.bust` command that
 * records them together and the places it will give (IP r47-5, r48-4, MEC r7, TDA 2024 AP 8).
 *
 * Busting them one after another would give each his own place (and, across the money line, the
 * wrong prize); one command with every bust of the hand lets the engine share or rank them. The
 * preview runs the engine's own `placesForHand`, so the phone shows what the server will record.
 */
import { placesForHand, type Finish } from '../../server/protocol/rules/places.js';
import type { Localizer } from '../../web/lib/i18n.js';
import type { Command } from '../../client/messages.js';
import type { FieldView, PayoutsView, PlayersView } from '../../server/protocol/entries-views.js';
import type { SeatingView } from '../../server/protocol/seating.js';

/** One marked bust with what the command and the sheet need to know about him. */
export interface MarkedBust {
  entryId: string;
  name: string;
  /** The table he sits at, or a placeholder of his own when he has no seat (see `tableOf`). */
  tableId: string;
  /** The number on his table; null: no seat. */
  table: number | null;
  /** His last recorded chip count (the default for his chips at the start of the hand). */
  chips: number;
}

/**
 * The table of every seated entry. An entry without a seat gets a table id of his own: the
 * engine needs a table for every bust of a hand with several, and a player nobody seated can
 * only be told apart from the others (he shares the place, IP r47-5). Seat table ids never
 * contain ":" (server/engine/schemas/seating.ts `tableId`), so the placeholder cannot meet a real table.
 */
export function tableOf(seating: SeatingView | null, entryId: string): { tableId: string; table: number | null } {
  for (const t of seating?.tables ?? []) {
    if (t.seats.some((s) => s.entryId === entryId)) return { tableId: t.id, table: t.number };
  }
  return { tableId: `unseated:${entryId}`, table: null };
}

/** The marked entries still in play, in the order marked, with their tables and chips. */
export function markedBusts(marked: readonly string[], players: PlayersView | null, seating: SeatingView | null): MarkedBust[] {
  const out: MarkedBust[] = [];
  for (const entryId of marked) {
    const entry = players?.entries.find((e) => e.id === entryId);
    if (!entry || entry.status !== 'active') continue;
    out.push({ entryId, name: entry.name, chips: entry.chips, ...tableOf(seating, entryId) });
  }
  return out;
}

/** The busts that sat at a table with another bust of the hand: their chips decide (MEC r7). */
export function sameTable(busts: readonly MarkedBust[]): Set<string> {
  const count = new Map<string, number>();
  for (const b of busts) count.set(b.tableId, (count.get(b.tableId) ?? 0) + 1);
  return new Set(busts.filter((b) => (count.get(b.tableId) ?? 0) > 1).map((b) => b.entryId));
}

/** What the engine assumes when it is not told the chips at the start of the hand. */
const defaultChips = (b: MarkedBust) => Math.max(1, b.chips);

/**
 * Chips at the start of the hand as the TD typed them: a whole number of at least 1, or null
 * (the field is wrong and the hand cannot be sent yet).
 */
export function parseChips(text: string | undefined): number | null {
  if (text === undefined) return null;
  const value = Number(text.trim());
  return text.trim() !== '' && Number.isSafeInteger(value) && value >= 1 ? value : null;
}

/** A player who may have won a bust's last chips: in play at his table, not out in this hand. */
export interface EliminatorChoice {
  entryId: string;
  name: string;
  /** His seat at the bust's table; null: the bust has no seat, so everyone in play is offered. */
  seat: number | null;
}

/**
 * Who may have eliminated `bust` (issue 25): the players in play at his table, by seat, the hand's
 * other busts left out (the server refuses them). Without a seat: every player in play, by name.
 */
export function eliminatorChoices(bust: MarkedBust, marked: readonly string[], players: PlayersView | null, seating: SeatingView | null): EliminatorChoice[] {
  const active = new Map((players?.entries ?? []).filter((e) => e.status === 'active' && !marked.includes(e.id)).map((e) => [e.id, e.name]));
  const table = bust.table === null ? undefined : seating?.tables.find((t) => t.id === bust.tableId);
  if (table) {
    return table.seats.filter((s) => s.entryId && active.has(s.entryId)).map((s) => ({ entryId: s.entryId!, name: active.get(s.entryId!)!, seat: s.seat }));
  }
  return [...active].map(([entryId, name]) => ({ entryId, name, seat: null })).sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The one `entry.bust` of the hand. `startChips` (the typed values) counts only for the busts at
 * a shared table; null when one of those is missing or not a whole number of at least 1, or when
 * `required` (a bounty is in play) and a bust has no eliminator. `eliminators`: who won each
 * bust's chips, in the order tapped (the odd cent of a split goes to the first).
 */
export function bustCommand(
  busts: readonly MarkedBust[],
  startChips: Readonly<Record<string, string>>,
  eliminators: Readonly<Record<string, readonly string[]>> = {},
  required = false,
): Command | null {
  if (busts.length === 0) return null;
  const named = busts.filter((b) => (eliminators[b.entryId]?.length ?? 0) > 0);
  if (required && named.length < busts.length) return null;
  const by = named.length ? { eliminators: Object.fromEntries(named.map((b) => [b.entryId, [...eliminators[b.entryId]!]])) } : {};
  const entryIds = busts.map((b) => b.entryId);
  if (busts.length === 1) return { type: 'entry.bust', entryIds, ...by };
  const shared = sameTable(busts);
  const chips: Record<string, number> = {};
  for (const b of busts) {
    if (!shared.has(b.entryId)) continue;
    const value = parseChips(startChips[b.entryId] ?? String(defaultChips(b)));
    if (value === null) return null;
    chips[b.entryId] = value;
  }
  return {
    type: 'entry.bust',
    entryIds,
    tables: Object.fromEntries(busts.map((b) => [b.entryId, b.tableId])),
    ...(shared.size ? { startChips: chips } : {}),
    ...by,
  };
}

export type HandPreview = { ok: true; finishes: Finish[] } | { ok: false; message: string };

/**
 * The places and prizes the hand will record, from the topics the phone has: the engine's
 * `placesForHand` with the same inputs `recordHand` gives it. A deal's amounts replace the
 * prizes of the players in it (IP r8). null: nothing to show (no bust or a chip field is wrong).
 */
export function previewHand(
  busts: readonly MarkedBust[],
  startChips: Readonly<Record<string, string>>,
  topics: { field: FieldView | null; payouts: PayoutsView | null; players: PlayersView | null },
): HandPreview | null {
  const command = bustCommand(busts, startChips);
  if (!command || command.type !== 'entry.bust') return null;
  const playersLeft = topics.field?.playersLeft ?? topics.players?.entries.filter((e) => e.status === 'active').length ?? 0;
  try {
    const finishes = placesForHand({
      playersLeft,
      busts: busts.map((b) => ({ entryId: b.entryId, tableId: command.tables?.[b.entryId] ?? 'table', chipsAtStartOfHand: command.startChips?.[b.entryId] ?? defaultChips(b) })),
      payouts: topics.payouts?.places.map((p) => p.amount) ?? [],
      handForHand: topics.field?.handForHand.active ?? false,
    });
    const deal = topics.payouts?.deal?.amounts ?? {};
    return { ok: true, finishes: finishes.map((f) => ({ ...f, prize: deal[f.entryId] ?? f.prize })) };
  } catch (err) {
    return { ok: false, message: err instanceof Error ? err.message : String(err) };
  }
}

/** The `finishes` of an `entry.bust` answer, or [] when the answer carries none. */
export function finishesOf(result: unknown): Finish[] {
  const finishes = (result as { finishes?: unknown } | null | undefined)?.finishes;
  return Array.isArray(finishes) ? (finishes as Finish[]) : [];
}

/** "Place 49" or "Shares places 48–50". */
export function placeText(l10n: Localizer, f: Pick<Finish, 'place' | 'placeTo'>): string {
  return f.place === f.placeTo
    ? l10n.t('entries.control.bustHand.place', { place: l10n.number(f.place) })
    : l10n.t('entries.control.bustHand.shares', { from: l10n.number(f.place), to: l10n.number(f.placeTo) });
}

/** The toast after the server recorded a hand: "Out: Anna (Place 18), Bram (Place 17)". */
export function resultText(l10n: Localizer, finishes: readonly Finish[], players: PlayersView | null): string {
  const name = (id: string) => players?.entries.find((e) => e.id === id)?.name ?? id;
  return l10n.t('entries.control.bustHand.result', { list: finishes.map((f) => `${name(f.entryId)} (${placeText(l10n, f)})`).join(', ') });
}

export type { Finish };
