/**
 * Who may read what the producer writes for the stream before it airs (issue 24, item 7).
 *
 * The `stream` topic carries producer text: the lower third, the ticker, the cued lower third,
 * the library of saved lower thirds and the OBS rules' text templates. The stream airs it
 * `delaySeconds` late (the secure delay), so on the live feed it goes only to the TD and the
 * producer; everybody else reads it from the delayed feed (`/ws/stream`), when it airs. Chips
 * and busts stay public: the room sees them anyway.
 *
 * One rule for the two live paths: the WebSocket hub (server/ws/hub.ts) leaves the topic out of
 * the subscription of anyone else, and `GET /api/tournaments/:id` leaves it out of the state.
 */
import type { Topic } from '../protocol/views.js';
import { may } from '../protocol/roles.js';
import type { Actor } from './actor.js';

/** The topic that carries producer text. */
export const PRODUCER_TOPIC: Topic = 'stream';

/** Whether `actor` may read the producer's text live (before the delayed feed airs it). */
export function readsProducerText(actor: Actor): boolean {
  return may(actor.role, 'stream.readLive');
}

/** The topics of the live feed `actor` may follow, of those it asked for. */
export function liveTopicsFor(actor: Actor, topics: readonly Topic[]): Topic[] {
  return readsProducerText(actor) ? [...topics] : topics.filter((t) => t !== PRODUCER_TOPIC);
}
