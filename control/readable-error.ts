/**
 * A server message as a person reads it: the engine's English messages name entries, players
 * and tables by their ids ("it now moves entry e41", "table t490"), which mean nothing on the
 * floor (issue 23: "an answer shows an internal id"). Each id becomes the name or table number
 * the phone's feed knows; an id it does not know becomes "a player" / "a table".
 */
import type { PlayersView } from '../server/protocol/entries-views.js';
import type { SeatingView } from '../server/protocol/seating.js';

export function readableMessage(message: string, players: PlayersView | null | undefined, seating: SeatingView | null | undefined): string {
  if (!/\b[ept]\d+\b/.test(message)) return message;
  const entry = new Map<string, string>();
  const player = new Map<string, string>();
  for (const e of players?.entries ?? []) {
    entry.set(e.id, e.name);
    player.set(e.playerId, e.name);
  }
  const table = new Map<string, number>((seating?.tables ?? []).map((t) => [t.id, t.number]));
  return (
    message
      // "Anna Jansen (e41) is not in play": the name is there already, the id goes.
      .replace(/ \(([ep]\d+)\)/g, (whole: string, id: string, at: number, text: string) => {
        const name = entry.get(id) ?? player.get(id);
        return name && text.slice(0, at).endsWith(name) ? '' : whole;
      })
      // "entry e41" / "Entry e41" / "player p7": the word goes with the id.
      .replace(/\b(?:[Ee]ntry|[Pp]layer) ([ep]\d+)\b/g, (_, id: string) => entry.get(id) ?? player.get(id) ?? 'a player')
      .replace(/\b[Tt]able (t\d+)\b/g, (_, id: string) => (table.has(id) ? `table ${table.get(id)}` : 'a table'))
      .replace(/\b(e\d+|p\d+)\b/g, (id: string) => entry.get(id) ?? player.get(id) ?? 'a player')
      .replace(/\b(t\d+)\b/g, (id: string) => (table.has(id) ? `table ${table.get(id)}` : 'a table'))
  );
}
