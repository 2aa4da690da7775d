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

/** The commands whose arguments are producer text (what the stream airs late). */
const PRODUCER_TEXT_COMMANDS: ReadonlySet<string> = new Set(['stream.lowerThird', 'stream.cue', 'stream.library.save', 'stream.ticker']);

/**
 * An audit log entry as `actor` may read it: the floor reads the log (who did what, when), but
 * the text a producer wrote for the stream is left out for anyone who may not read it live
 * (`args: {redacted: true}`); the type, time, actor and answer stay.
 */
export function logEntryFor<T extends { type: string; args: unknown }>(actor: Actor, entry: T): T {
  if (!PRODUCER_TEXT_COMMANDS.has(entry.type) || readsProducerText(actor)) return entry;
  return { ...entry, args: { redacted: true } };
}
