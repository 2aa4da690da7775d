/**
 * Undo of the TD's last clock action, as the commands that take it back: a pause is undone by
 * resuming, +1 min by −1 min, and a level change by going back to the level left with the time
 * it had (running: as if the change never happened, so the deadline it had; paused: the time
 * left then). Undo is offered only while the clock still shows what the action made of it: once
 * another phone or the clock itself has moved on, taking it back would undo something else.
 *
 * Client-side on purpose: every step is an ordinary command the server validates, logs and
 * shows on every screen; no engine history is needed. The price: a level change is undone in
 * two commands (level.set, then clock.adjust), each its own entry in the log.
 */
import type { LiveClock } from '../client/clock.js';
import type { ClockView, Command } from '../client/messages.js';

export interface ClockUndo {
  /** The action to take back. */
  readonly command: Command;
  /** The clock right after it: undo is offered while the server's clock still shows this. */
  readonly after: { readonly index: number; readonly status: ClockView['status'] };
  /** The commands that take it back, at server time `now`. */
  steps(now: number): Command[];
}

/** How to undo `command`, sent when the clock showed `before` and answered with `after`; null: it cannot be undone (start). */
export function clockUndo(command: Command, before: LiveClock, after: ClockView): ClockUndo | null {
  const made = { index: after.current.index, status: after.status };
  const undo = (steps: (now: number) => Command[]): ClockUndo => ({ command, after: made, steps });
  switch (command.type) {
    case 'clock.pause':
      return undo(() => [{ type: 'clock.resume' }]);
    case 'clock.resume':
      return undo(() => [{ type: 'clock.pause' }]);
    case 'clock.adjust':
      return undo(() => [{ type: 'clock.adjust', seconds: -command.seconds }]);
    case 'level.next':
    case 'level.previous':
    case 'level.set': {
      const index = before.current.index;
      const full = before.current.ms;
      return undo((now) => {
        const left = before.status === 'running' && before.endsAt !== null ? before.endsAt - now : before.remainingMs;
        // level.set starts the level with its full time; the difference is then adjusted (at
        // least one second left: a level whose time has run out meanwhile ends on its own).
        const seconds = Math.round((Math.max(1000, left) - full) / 1000);
        return seconds === 0 ? [{ type: 'level.set', index }] : [{ type: 'level.set', index }, { type: 'clock.adjust', seconds }];
      });
    }
    default:
      return null;
  }
}

/** Whether the clock still shows what the undoable action made of it. */
export function undoStillApplies(undo: ClockUndo | null, clock: ClockView | undefined): boolean {
  return !!undo && !!clock && clock.current.index === undo.after.index && clock.status === undo.after.status;
}
