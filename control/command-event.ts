/**
 * The one way a panel sends a command (issue 22): it fires `riffle-command` with the command and
 * how to report it, and the root hands it to its command reporter (control/command-reporter.ts),
 * which owns the connection's queue, the "queued" note, the busy keys and the toasts. Panels
 * never hold the connection, the tournament id or a command sink (state flows down, events
 * flow up, as in Home Assistant).
 */
import type { Command, CommandAnswer } from '../client/messages.js';

export interface CommandOptions {
  /** The tournament it is for; the one shown on the phone when left out (archiving from the list). */
  tournament?: string;
  /**
   * The success toast: a text of the sender's ("Table 3 featured"), null for none (the sender
   * reports itself, e.g. a pasted list's one summary), or left out for the reporter's own
   * ("Done: Rebuy — Anna", "Anna Jansen registered, table 3 seat 7", the level landed on).
   */
  done?: string | null;
  /** Gets the answer, ok or refused, before any toast (the deal calculator shows its figures). */
  reply?: (answer: CommandAnswer) => void;
  /** A control that is disabled while the command is in flight (the clock's toggle: no double send). */
  busy?: string;
  /** The sender shows a refusal where it happened (the structure editor, at its levels): no error toast. */
  showsError?: boolean;
}

export interface CommandRequest extends CommandOptions {
  command: Command;
}

export type CommandEvent = CustomEvent<CommandRequest>;

export function fireCommand(from: HTMLElement, command: Command, options: CommandOptions = {}): void {
  from.dispatchEvent(new CustomEvent('riffle-command', { detail: { ...options, command }, bubbles: true, composed: true }));
}

declare global {
  interface HTMLElementEventMap {
    'riffle-command': CommandEvent;
  }
}
