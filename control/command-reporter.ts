/**
 * The phone's one way to send a command and report its answer (issue 22): every panel's
 * `riffle-command` (control/command-event.ts), the clock's undo and the set-up screens' commands
 * go through `send`. It says "queued" when offline, marks the control busy while the command is
 * in flight (a double tap is not sent twice), and ends in one toast: the server's refusal in the
 * phone's language (overlays/lib/error-text.ts, with ids made readable by
 * control/readable-error.ts) or the success text (the sender's, else control/done-texts.ts).
 *
 * It remembers the last clock action of this phone and how to take it back
 * (control/clock-undo.ts), and reports the commands that outlive the page
 * (client/pending-store.ts): those restored after a reload, those dropped for their age, and
 * those the server found lost at its start.
 *
 * A Lit ReactiveController: the root owns the connection and hands it in as a getter.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ApiResult } from '../client/api.js';
import type { LiveClock } from '../client/clock.js';
import type { Connection, PendingCommand, RestoredCommand } from '../client/connection.js';
import type { TournamentFeed } from '../client/collections.js';
import type { Command, CommandAnswer, ErrorBody, LostCommands, Role } from '../client/messages.js';
import { pageStorage, PENDING_MAX_AGE_MS, PendingStore } from '../client/pending-store.js';
import type { Localizer } from '../web/lib/i18n.js';
import { errorText } from '../web/lib/error-text.js';
import { readableMessage } from './readable-error.js';
import { commandLabel, commandSubject, expiredTexts } from './command-labels.js';
import { clockUndo, undoStillApplies, type ClockUndo } from './clock-undo.js';
import type { CommandOptions } from './command-event.js';
import { doneText } from './done-texts.js';
import { bustKnockouts } from './bust-hand/bust-money.js';
import type { ShowToast } from './toasts.js';

/** Failures that need no toast of their own: the TD discarded them, or the `expired` event reports them. */
const QUIET_FAILURES = new Set(['discarded', 'expired']);

/** What the reporter reads from the root. */
export interface ReporterSource {
  connection(): Connection;
  /** The tournament shown, or null. */
  tournament(): string | null;
  l10n(): Localizer;
  /** The shown tournament's feed: names and tables for the texts. */
  feed(): TournamentFeed | null;
  /** The clock as the phone shows it now (what a level change is undone to). */
  live(): LiveClock | null;
  toast: ShowToast;
}

export class CommandReporter implements ReactiveController {
  /** Busy keys of the commands in flight. */
  private inFlight: ReadonlySet<string> = new Set();
  /** The last clock action sent from this phone, and how to take it back. */
  private lastClock: ClockUndo | null = null;
  /** Lost commands already shown on this page (reportLost). */
  private readonly lostShown = new Set<string>();

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly source: ReporterSource,
  ) {
    host.addController(this);
  }

  /** Nothing to do when the root connects: the reporter acts when asked to send. */
  hostConnected(): void {}

  /** The controls whose command is in flight, for the panels' `busy`. */
  get busy(): ReadonlySet<string> {
    return this.inFlight;
  }

  /** The name of the clock action this phone can take back ("Pause clock"), while the clock still shows what it made; else null. */
  undoLabel(may: (type: string) => boolean): string | null {
    const undo = this.lastClock;
    if (!undo || !may(undo.command.type) || !undoStillApplies(undo, this.source.feed()?.state.clock)) return null;
    return commandLabel(this.source.l10n(), { type: undo.command.type });
  }

  /** Sends a command and reports its outcome in one toast. Resolves with the answer, or null with no tournament to send to. */
  async send(command: Command, options: CommandOptions = {}): Promise<CommandAnswer | null> {
    const before = this.source.live();
    const answer = await this.sendSteps([command], options);
    if (answer?.ok && (command.type.startsWith('clock.') || command.type.startsWith('level.'))) {
      // The server publishes the change before it answers, so the feed already shows it.
      const clock = this.source.feed()?.state.clock;
      this.lastClock = before && clock ? clockUndo(command, before, clock) : null;
    }
    return answer;
  }

  /** Takes back the last clock action of this phone: its steps in order, stopping at the first refusal; one toast. */
  async undoClock(): Promise<CommandAnswer | null> {
    const undo = this.lastClock;
    if (!undo) return null;
    this.lastClock = null;
    const l10n = this.source.l10n();
    return this.sendSteps(undo.steps(this.source.connection().time.now()), { done: l10n.t('control.done.undo', { label: commandLabel(l10n, { type: undo.command.type }) }) });
  }

  private async sendSteps(steps: readonly Command[], options: CommandOptions): Promise<CommandAnswer | null> {
    const tournament = options.tournament ?? this.source.tournament();
    if (!tournament || steps.length === 0) return null;
    const connection = this.source.connection();
    const { busy } = options;
    if (busy) this.setBusy(new Set([...this.inFlight, busy]));
    if (connection.status !== 'online') this.source.toast('info', this.source.l10n().t('control.queued'));
    let answer: CommandAnswer | null = null;
    let last = steps[0] as Command;
    for (const command of steps) {
      last = command;
      answer = await connection.sendCommand(tournament, command, commandSubject(command, this.source.feed()?.state.players ?? null));
      if (!answer.ok) break;
    }
    if (busy) this.setBusy(new Set([...this.inFlight].filter((k) => k !== busy)));
    if (!answer) return null;
    options.reply?.(answer);
    if (!answer.ok) {
      if (!options.showsError && !QUIET_FAILURES.has(answer.error.code)) this.source.toast('error', this.errorText(answer.error));
      return answer;
    }
    const state = this.source.feed()?.state;
    const text = options.done !== undefined ? options.done : doneText(this.source.l10n(), last, answer.result, state ?? {});
    // A bust's bounty money stays up longer: the TD reads it out and pays it.
    if (text) this.source.toast('ok', text, bustKnockouts(answer.result).length ? 12_000 : undefined);
    return answer;
  }

  /** The error in the phone's language, by its code (overlays/lib/error-text.ts). */
  errorText(error: Pick<ErrorBody, 'code' | 'message'>): string {
    const state = this.source.feed()?.state;
    // No internal id reaches a person: the server's English names entries and tables by id.
    return errorText(this.source.l10n(), { ...error, message: readableMessage(error.message, state?.players, state?.seating) });
  }

  /** An HTTP request that is no command (OBS's, docs/OBS.md), reported the same way: `done`, or the refusal. */
  async request(call: Promise<ApiResult<unknown>>, done: string): Promise<void> {
    const answer = await call;
    if (answer.ok) this.source.toast('ok', done);
    else this.source.toast('error', this.errorText(answer.error));
  }

  /** The TD discards the commands waiting for the connection. */
  discard(): void {
    const count = this.source.connection().discardPending();
    if (count) this.source.toast('info', this.source.l10n().t('control.discarded', { count }));
  }

  // ---- commands kept across reloads

  /**
   * Keeps unanswered commands in localStorage from now on, and sends those an earlier page of
   * this role left unanswered. Only once signed in: an anonymous page restores nothing.
   */
  keepPending(role: Role): void {
    for (const restored of this.source.connection().keepPendingIn(new PendingStore(pageStorage()), role)) void this.reportRestored(restored);
  }

  /** The page that sent a restored command is gone: its answer is told here, with its name. */
  private async reportRestored({ command, answer }: RestoredCommand): Promise<void> {
    const result = await answer;
    const l10n = this.source.l10n();
    const label = commandLabel(l10n, command);
    if (result.ok) this.source.toast('ok', l10n.t('control.restoredDone', { label }));
    else if (!QUIET_FAILURES.has(result.error.code)) this.source.toast('error', l10n.t('control.restoredFailed', { label, message: this.errorText(result.error) }));
  }

  /** Commands dropped unsent for their age. */
  reportExpired(commands: readonly PendingCommand[]): void {
    // Until tapped: a bust that was never recorded must not vanish while the TD looks away.
    for (const text of expiredTexts(this.source.l10n(), commands, PENDING_MAX_AGE_MS)) this.source.toast('error', text, null);
  }

  /**
   * Acknowledged commands the server found missing at its start (a WAL lost after a crash,
   * docs/RELIABILITY.md): shown until tapped, once per page, so the TD checks the floor and
   * enters them again.
   */
  reportLost(lost: readonly LostCommands[]): void {
    const l10n = this.source.l10n();
    for (const l of lost) {
      const key = `${l.tournament}:${l.markSeq}`;
      if (this.lostShown.has(key)) continue;
      this.lostShown.add(key);
      const text = l.gone ? l10n.t('control.lostTournament', { name: l.name }) : l10n.t('control.lostCommands', { name: l.name, count: l.missing, seq: l.logSeq });
      this.source.toast('error', text, null);
    }
  }

  private setBusy(keys: ReadonlySet<string>): void {
    this.inFlight = keys;
    this.host.requestUpdate();
  }
}
