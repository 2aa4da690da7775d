/**
 * Events of the entries domain, for screens (stream overlays announce busts and winners).
 * Each belongs to a topic (EVENT_TOPIC in messages.ts).
 */
export type EntriesEvent =
  | { type: 'entry.added'; entryId: string; playerId: string; name: string; n: number; at: number }
  | { type: 'entry.busted'; entryId: string; name: string; place: number; placeTo: number; prize: number; at: number }
  | { type: 'entry.bustUndone'; entryId: string; name: string; at: number }
  | { type: 'entry.out'; entryId: string; name: string; reason: 'forfeit' | 'disqualified'; at: number }
  | { type: 'tournament.won'; entryId: string; name: string; prize: number; at: number }
  | { type: 'handForHand.started'; at: number }
  | { type: 'handForHand.hand'; hand: number; at: number }
  | { type: 'handForHand.stopped'; at: number }
  | { type: 'deal.applied'; at: number }
  | { type: 'penalty.added'; entryId: string; name: string; kind: string; hands?: number; until?: number; at: number };

export const ENTRIES_EVENT_TOPIC = {
  'entry.added': 'field',
  'entry.busted': 'field',
  'entry.bustUndone': 'field',
  'entry.out': 'field',
  'tournament.won': 'field',
  'handForHand.started': 'field',
  'handForHand.hand': 'field',
  'handForHand.stopped': 'field',
  'deal.applied': 'payouts',
  'penalty.added': 'players',
} as const satisfies Record<EntriesEvent['type'], 'field' | 'payouts' | 'players'>;
