/**
 * Events of the entries domain, for screens (stream overlays announce busts and winners).
 * Each belongs to a topic (EVENT_TOPIC in messages.ts).
 */
export type EntriesEvent =
  | { type: 'entry.added'; entryId: string; playerId: string; name: string; n: number; at: number; alternate?: true; /** ONK MEC r1B: placed by the TD after the close. */ afterClose?: true }
  | { type: 'alternate.added'; alternateId: string; name: string; position: number; at: number }
  | { type: 'unsold.removed'; seats: number; chips: number; at: number }
  | { type: 'day.ending'; card: string; hands: number; at: number }
  | { type: 'day.closed'; survivors: number; at: number }
  | { type: 'day2.imported'; flights: number; players: number; dropped: number; at: number }
  | {
      type: 'entry.busted';
      entryId: string;
      name: string;
      place: number;
      placeTo: number;
      prize: number;
      at: number;
      /** Who won his last chips and the bounty each won from this bust (cents; 0 without a bounty); absent: not recorded. */
      eliminators?: { entryId: string; name: string; bounty: number }[];
    }
  | { type: 'entry.bustUndone'; entryId: string; name: string; at: number }
  | { type: 'entry.out'; entryId: string; name: string; reason: 'forfeit' | 'disqualified' | 'absent'; at: number }
  | { type: 'tournament.won'; entryId: string; name: string; prize: number; at: number }
  /** A satellite stopped at its seats: each player in play won a seat (they share the seat places; nobody is "the winner"). */
  | { type: 'seats.won'; winners: { entryId: string; name: string; prize: number }[]; at: number }
  | { type: 'handForHand.started'; at: number }
  | { type: 'handForHand.hand'; hand: number; at: number }
  /**
   * `reason: 'bubble'`: a bust hand took the field from above the places paid to within them,
   * so hand-for-hand ended by itself (TDA 2024 AP 8). No reason: the TD's `handForHand.stop`.
   */
  | { type: 'handForHand.stopped'; at: number; reason?: 'bubble' }
  | { type: 'deal.applied'; at: number }
  | { type: 'deal.undone'; at: number }
  | { type: 'penalty.added'; entryId: string; name: string; kind: string; hands?: number; until?: number; at: number }
  /** A missed-hands penalty has been served: its last hand was dealt at the player's table (TDA 2017 r68, r71). */
  | { type: 'penalty.served'; entryId: string; name: string; penaltyId: string; at: number };

export const ENTRIES_EVENT_TOPIC = {
  'entry.added': 'field',
  'entry.busted': 'field',
  'alternate.added': 'field',
  'unsold.removed': 'field',
  'day.ending': 'field',
  'day.closed': 'field',
  'day2.imported': 'field',
  'entry.bustUndone': 'field',
  'entry.out': 'field',
  'tournament.won': 'field',
  'seats.won': 'field',
  'handForHand.started': 'field',
  'handForHand.hand': 'field',
  'handForHand.stopped': 'field',
  'deal.applied': 'payouts',
  'deal.undone': 'payouts',
  'penalty.added': 'players',
  'penalty.served': 'players',
} as const satisfies Record<EntriesEvent['type'], 'field' | 'payouts' | 'players'>;
