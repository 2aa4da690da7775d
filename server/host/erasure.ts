/**
 * An erased player's name taken out of what the stream's delayed feed still holds from before
 * the erase (docs/SECURITY.md "Erasure"): its views now, and each change it has yet to release
 * as that change goes out (DelayLine.erase). The live side needs none of this: its views are the
 * erased state's, and the host's history before the erase is dropped (a resume from before it
 * gets a snapshot).
 *
 * A name is replaced where it is a whole JSON string value (the views' and events' `name`
 * fields, a deal's names, who eliminated whom), never inside a longer text: the producer's own
 * typing (a lower third, the ticker) is his to correct. Cost follows the bytes rewritten.
 */
import { ERASED_NAME } from '../protocol/players.js';
import type { ParsedCommand } from '../engine/apply.js';
import { ledger } from '../engine/entries/ledger.js';
import type { TournamentState } from '../engine/state.js';
import type { Change } from './tournament-host.js';

const ERASED_JSON = JSON.stringify(ERASED_NAME);

/** The names `command` erases from `before` (empty for any other command). */
export function namesErasedBy(before: TournamentState, command: ParsedCommand): string[] {
  if (command.type !== 'player.erase') return [];
  const player = ledger(before).players.get((command.args as { playerId: string }).playerId);
  return player && !player.erased && player.name !== ERASED_NAME ? [player.name] : [];
}

/** `json` with every string value equal to one of `names` replaced by ERASED_NAME. */
export function scrubJson(json: string, names: readonly string[]): string {
  let out = json;
  for (const name of names) {
    const quoted = JSON.stringify(name);
    if (out.includes(quoted)) out = out.split(quoted).join(ERASED_JSON);
  }
  return out;
}

/** A value with the names replaced (the value itself when it holds none of them). */
export function scrubValue<T>(value: T, names: readonly string[], json = JSON.stringify(value)): { value: T; json: string } {
  const scrubbed = scrubJson(json, names);
  return scrubbed === json ? { value, json } : { value: JSON.parse(scrubbed) as T, json: scrubbed };
}

/** A change with the names replaced in its operations and events (the change itself when it holds none). */
export function scrubChange(change: Change, names: readonly string[]): Change {
  let touched = false;
  const ops = change.ops.map((o) => {
    const { value, json } = scrubValue(o.op, names, o.json);
    if (value === o.op) return o;
    touched = true;
    return { topic: o.topic, op: value, json };
  });
  const events = change.events.length ? scrubValue(change.events, names).value : change.events;
  if (!touched && events === change.events) return change;
  return { ...change, ops, events };
}
