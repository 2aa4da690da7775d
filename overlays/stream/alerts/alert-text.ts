/**
 * What the alerts overlay announces, from the events of one change (a patch). Pure: the same
 * events and states give the same alerts, in the order they happened: the eliminations of a
 * hand first, then the bubble they burst, then the rest.
 */
import type { FieldView, PlayerEntryView } from '../../../server/protocol/entries-views.js';
import type { ItemView, PublicEvent } from '../../../client/messages.js';
import type { StreamLocalizer } from '../lib/l10n.js';
import type { Eliminator, StreamPlayer } from '../lib/players.js';

export type AlertKind = 'bust' | 'bubble' | 'final-table' | 'level' | 'break' | 'chip-leader' | 'hand-for-hand' | 'winner';

export interface AlertView {
  kind: AlertKind;
  title: string;
  text: string;
  /** The elimination and champion graphics: who, with his photo or flag, and the facts under the name. */
  player?: { name: string; onAirName?: string; country?: string; photo?: string };
  /** "9th", "€1,230" (the graphic's line under the name). */
  facts?: string[];
  /** "Eliminated by Ben Smit", "Bounty €50" (shown when the eliminator was recorded). */
  by?: string[];
}

export interface AlertContext {
  l10n: StreamLocalizer;
  currency: string;
  items: readonly ItemView[] | undefined;
  /** The field before and after this change (the bubble: players left reaching the places paid). */
  fieldBefore: FieldView | undefined;
  field: FieldView | undefined;
  /** Set when a chip change put someone else on top. */
  newLeader: PlayerEntryView | null;
  /** The players after this change, for the photo or flag of whoever an alert names. */
  players?: ReadonlyMap<string, StreamPlayer>;
}

type BustEvent = Extract<PublicEvent, { type: 'entry.busted' }> & { eliminators?: Eliminator[] };

export function alertsFor(events: readonly PublicEvent[], ctx: AlertContext): AlertView[] {
  const { l10n, currency, items } = ctx;
  const alerts: AlertView[] = [];
  let bubble = false;
  for (const e of events) {
    switch (e.type) {
      case 'entry.busted': {
        const place = l10n.place(e.place, e.placeTo);
        const text = e.prize > 0 ? l10n.t('alert.busted', { name: e.name, place, prize: l10n.money(e.prize, currency) }) : l10n.t('alert.bustedNoPrize', { name: e.name, place });
        const who = ctx.players?.get(e.entryId);
        const eliminators = ((e as BustEvent).eliminators ?? []).filter((x) => x && typeof x.name === 'string');
        const by: string[] = [];
        if (eliminators.length > 0) by.push(l10n.t('alert.eliminatedBy', { name: eliminators.map((x) => x.name).join(', ') }));
        const bounty = eliminators.reduce((sum, x) => sum + (Number.isFinite(x.bounty) ? x.bounty : 0), 0);
        if (bounty > 0) by.push(l10n.t('alert.bountyWon', { amount: l10n.money(bounty, currency) }));
        alerts.push({
          kind: 'bust',
          title: l10n.t('alert.eliminated'),
          text,
          player: { name: e.name, onAirName: who?.onAirName, country: who?.country, photo: who?.photo },
          facts: e.prize > 0 ? [place, l10n.money(e.prize, currency)] : [place],
          by,
        });
        break;
      }
      case 'handForHand.stopped':
        if (e.reason === 'bubble') bubble = true;
        break;
      case 'handForHand.started':
        alerts.push({ kind: 'hand-for-hand', title: l10n.t('alert.handForHand'), text: l10n.t('alert.handForHandText') });
        break;
      case 'finalTable.formed':
        alerts.push({ kind: 'final-table', title: l10n.t('alert.finalTable'), text: l10n.t('alert.finalTableText', { n: l10n.number(e.table) }) });
        break;
      case 'level.changed': {
        const item = items?.[e.index];
        if (!item) break;
        if (item.break) alerts.push({ kind: 'break', title: l10n.t('break'), text: l10n.t('alert.breakText', { n: l10n.number(Math.round(item.ms / 60_000)) }) });
        else alerts.push({ kind: 'level', title: l10n.t('alert.levelUp'), text: [l10n.itemName(item), l10n.blinds(item), l10n.ante(item)].filter(Boolean).join(' · ') });
        break;
      }
      case 'tournament.won': {
        const who = ctx.players?.get(e.entryId);
        alerts.push(championAlert(l10n, { name: e.name, onAirName: who?.onAirName, country: who?.country, photo: who?.photo }, e.prize, currency));
        break;
      }
      default:
        break;
    }
  }
  // Without hand-for-hand the bubble bursts when the players left reach the places paid.
  const { fieldBefore, field } = ctx;
  if (field && fieldBefore && field.paidPlaces > 0 && fieldBefore.playersLeft > field.paidPlaces && field.playersLeft <= field.paidPlaces) bubble = true;
  if (bubble && field) {
    const winnerAt = alerts.findIndex((a) => a.kind === 'winner');
    const burst: AlertView = { kind: 'bubble', title: l10n.t('alert.bubble'), text: l10n.t('alert.inTheMoney', { n: l10n.number(field.playersLeft) }) };
    alerts.splice(winnerAt >= 0 ? winnerAt : alerts.filter((a) => a.kind === 'bust').length, 0, burst);
  }
  if (ctx.newLeader) alerts.push({ kind: 'chip-leader', title: l10n.t('alert.chipLeader'), text: `${ctx.newLeader.name} · ${l10n.chips(ctx.newLeader.chips)}` });
  return alerts;
}

/** The champion graphic (issue 23: the stream's end of the night): who won, with his flag or photo, and the prize. */
export function championAlert(l10n: StreamLocalizer, player: { name: string; onAirName?: string; country?: string; photo?: string }, prize: number, currency: string): AlertView {
  return {
    kind: 'winner',
    title: l10n.t('alert.champion'),
    text: prize > 0 ? l10n.t('alert.winnerText', { name: player.name, prize: l10n.money(prize, currency) }) : player.name,
    player,
    facts: prize > 0 ? [l10n.money(prize, currency)] : [],
  };
}
