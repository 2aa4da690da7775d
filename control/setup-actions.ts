/**
 * What the set-up screens ask the root to do (state flows down, events flow up): open a
 * tournament, start the new-tournament form (empty or like a past one), archive or restore,
 * edit the structure of the open one, and after a create, open the tables and select it.
 * `structure.set` goes through the root's connection like every command; `reply` gets the
 * answer so the editor can show the engine's problems at their levels.
 */
import type { CommandAnswer } from '../client/messages.js';
import type { StructureItem } from '../client/setup-api.js';

export type SetupRequest =
  | { op: 'list' }
  | { op: 'open'; id: string }
  | { op: 'new'; from?: string }
  | { op: 'archive'; id: string; name: string; archived: boolean }
  | { op: 'structure' }
  | { op: 'created'; id: string; name: string; tables: number }
  | { op: 'save-structure'; structure: StructureItem[]; reply: (answer: CommandAnswer) => void }
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
