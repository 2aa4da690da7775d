/**
 * The TD's search over the venue's players, as a Lit controller: the letters typed, asked once
 * per pause in typing (an answer for letters since changed is dropped), and what they found.
 * The record list and the merge's "find the other record" both use it.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { PLAYER_QUERY_MAX, PLAYER_QUERY_MIN, type PlayerCard } from '../../server/protocol/players.js';
import { searchPlayers } from '../../client/players-api.js';

/** Waits this long after the last letter before asking the server. */
const TYPING_MS = 150;

export class PlayerSearch implements ReactiveController {
  query = '';
  found: PlayerCard[] | null = null;
  more = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private asked = 0;

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  hostDisconnected(): void {
    if (this.timer) clearTimeout(this.timer);
  }

  type(value: string): void {
    this.query = value.trim();
    if (this.timer) clearTimeout(this.timer);
    if ([...this.query].length < PLAYER_QUERY_MIN) {
      this.found = null;
      this.host.requestUpdate();
      return;
    }
    this.timer = setTimeout(() => void this.ask(), TYPING_MS);
  }

  /** Asks again for the letters typed (after a change to the records). */
  async ask(): Promise<void> {
    const query = [...this.query].slice(0, PLAYER_QUERY_MAX).join('');
    if ([...query].length < PLAYER_QUERY_MIN) return;
    const n = ++this.asked;
    const answer = await searchPlayers(query);
    if (n !== this.asked) return;
    this.found = answer.ok ? answer.value.matches : [];
    this.more = answer.ok && answer.value.more;
    this.host.requestUpdate();
  }
}
