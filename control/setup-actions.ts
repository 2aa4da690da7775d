/**
 * Where the set-up screens ask the root to go (state flows down, events flow up): open a
 * tournament, start the new-tournament form (empty or like a past one), edit the structure of
 * the open one, back to the list, and after a create or an archive, load the tournaments again.
 * Their commands (`tournament.archive`, `structure.set`) go the one way every command goes,
 * `riffle-command` (control/command-event.ts).
 */

export type SetupRequest =
  | { op: 'list' }
  | { op: 'open'; id: string }
  | { op: 'new'; from?: string }
  | { op: 'structure' }
  /** The venue's player records; the leagues and their seasons. */
  | { op: 'players' }
  | { op: 'leagues' }
  | { op: 'created'; id: string; name: string; tables: number }
  /** A tournament was archived or restored: the lists load again. */
  | { op: 'archived' }
  | { op: 'close' };

export type SetupEvent = CustomEvent<SetupRequest>;

export function fireSetup(from: HTMLElement, request: SetupRequest): void {
  from.dispatchEvent(new CustomEvent('riffle-setup', { detail: request, bubbles: true, composed: true }));
}

declare global {
  interface HTMLElementEventMap {
    'riffle-setup': SetupEvent;
  }
}
