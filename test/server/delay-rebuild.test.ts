/**
 * The delayed feed of a longer stream delay, rebuilt from the command log a slice at a time
 * (issue 21, item 3: nothing long inside a command). Real SQLite, a real host, time by hand:
 * - the `stream.delay` command is answered before the rebuild is done (by order: its answer,
 *   then another command answered between two slices, then the rebuild-finished signal), the
 *   feed in use holds meanwhile (releases nothing, keeps its delay), and the feed in place is
 *   the one a rebuild from the log at that time gives, what fell due meanwhile released after
 *   its snapshot;
 * - delays set in turns (3600 / 0) never queue rebuilds: a newer delay cancels the one running,
 *   a shorter one catches up at once, only the last longer one replays the log;
 * - a rebuild that fails (the log unreadable) is logged, and the feed goes on at the new delay.
 * (server/host/delay-rebuild.ts and server/host/delayed-feed.ts, through a real host.)
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb, type Db } from '../../db/client.js';
import { Registry } from '../../server/host/registry.js';
import { Store } from '../../server/host/store.js';
import { rebuildDelayed } from '../../server/host/delay-rebuild.js';
import type { DelayLine } from '../../server/host/delay-line.js';
import type { HostListener, TournamentHost } from '../../server/host/tournament-host.js';
import { TOPICS } from '../../server/protocol/views.js';
import { sampleTournament } from '../../server/sample.js';
import { fixedSeeds } from '../../server/time.js';
import { ManualTime } from '../helpers/server.js';

const TD = { role: 'td' as const, id: 'admin' };
const SEC = 1000;

/** What the host told its listener, in order: answers are pushed by the test itself. */
type Signal = 'delay-changed' | `answer:${string}` | `delayed:${number}`;

describe('the delayed feed of a longer delay, rebuilt in slices', () => {
  let dir: string;
  let db: Db;
  let store: Store;
  let registry: Registry;
  let time: ManualTime;
  const signals: Signal[] = [];
  /** Log reads from the origin (afterSeq 0): one per rebuild that replays from it. */
  let readsFromOrigin = 0;
  /** Set: reading the log fails (a damaged disk). */
  let readsFail = false;
  const errors: string[] = [];
  /** Resolves at the host's next `delayChanged` (the rebuild-finished signal). */
  let delayChanged: ((tournament: string) => void) | null = null;

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'riffle-rebuild-'));
    db = openDb(join(dir, 'riffle.db'));
    store = new Store(db);
    const log = store.log.bind(store);
    store.log = (id, afterSeq = 0, limit) => {
      if (readsFail) throw new Error('disk I/O error');
      if (afterSeq === 0) readsFromOrigin++;
      return log(id, afterSeq, limit);
    };
    time = new ManualTime();
    const listener: HostListener = {
      change: (c) => void (c.feed === 'delayed' && signals.push(`delayed:${c.seq}`)),
      delayChanged: (tournament) => {
        signals.push('delay-changed');
        delayChanged?.(tournament);
      },
      error: (err) => void errors.push(err instanceof Error ? err.message : String(err)),
    };
    registry = new Registry(store, time, listener, fixedSeeds('delay-rebuild'));
  });
  after(() => {
    registry.close();
    db.$client.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A tournament with 120 players and 480 chip counts, one command a second. */
  function floor(): TournamentHost {
    const host = registry.create(sampleTournament());
    for (let i = 0; i < 120; i++) ok(host, { type: 'entry.add', name: `Player ${i + 1}` });
    ok(host, { type: 'clock.start' });
    for (let i = 0; i < 480; i++) {
      time.advance(SEC);
      ok(host, { type: 'chips.set', entryId: `e${1 + (i % 120)}`, chips: 10_000 + i * 25 });
    }
    return host;
  }

  function ok(host: TournamentHost, command: Record<string, unknown>): void {
    const { status, answer } = host.dispatch(command, TD);
    assert.equal(status, 200, JSON.stringify(answer));
  }

  /** Until the rebuild-finished signal of `host`. */
  function nextDelayChange(host: TournamentHost): Promise<void> {
    return new Promise((resolve) => {
      delayChanged = (tournament) => {
        if (tournament !== host.id) return;
        delayChanged = null;
        resolve();
      };
    });
  }

  /** The feed a rebuild from the whole log at this moment gives, as plain data... */
  function expected(host: TournamentHost, delayMs: number) {
    const start = rebuildDelayed(host.id, store.origin(host.id), store.log(host.id, 0, Number.MAX_SAFE_INTEGER), time.now(), delayMs);
    return { seq: start.seq, views: Object.fromEntries(TOPICS.map((t) => [t, JSON.parse(JSON.stringify(start.views.get(t)))])), pending: start.pending.map((c) => c.seq) };
  }

  /** ...and the feed in place, the same way. */
  function actual(line: DelayLine) {
    return { seq: line.seq, views: Object.fromEntries(TOPICS.map((t) => [t, JSON.parse(line.topicJsonFor(t))])), pending: [] as number[] };
  }

  it('answers the command first, holds the feed meanwhile, then puts in place the feed a rebuild at that time gives', async () => {
    const host = floor();
    const line = host.delayed;
    assert.equal(line.seq, host.seq, 'no delay yet: the feed is the room');
    signals.length = 0;
    readsFromOrigin = 0;
    const finished = nextDelayChange(host);

    const setAt = time.now();
    ok(host, { type: 'stream.delay', seconds: 300 });
    signals.push('answer:stream.delay');
    // The delay's own change went out on the feed as it was (0 s), before the new delay.
    const shownSeq = host.seq;
    assert.equal(line.seq, shownSeq);
    assert.equal(host.rebuilding, true, 'answered with the rebuild still to run');
    assert.equal(readsFromOrigin, 0, 'not one page of the log was read inside the command');

    // Between two slices: another command is answered, and time passes. The feed holds.
    while (readsFromOrigin === 0) await new Promise((r) => setTimeout(r, 1));
    assert.equal(host.rebuilding, true, 'a first slice ran, the rebuild goes on');
    time.advance(20 * SEC);
    ok(host, { type: 'chips.set', entryId: 'e7', chips: 77_777 });
    signals.push('answer:chips.set');
    assert.equal(host.delayed, line, 'the feed in use stays');
    assert.equal(line.seq, shownSeq, 'and releases nothing');
    assert.equal(line.delayMs, 0, 'its delay stays the one its views are of');

    await finished;
    // What fell due while it ran (committed 300-280 s before the delay was set) comes after the
    // new feed's snapshot, each change with its events: late, never early, none skipped.
    const fellDue = store.log(host.id, 0, Number.MAX_SAFE_INTEGER).filter((c) => c.at > setAt - 300 * SEC && c.at <= setAt - 280 * SEC);
    assert.equal(fellDue.length, 20);
    assert.deepEqual(
      signals,
      [`delayed:${shownSeq}`, 'answer:stream.delay', 'answer:chips.set', 'delay-changed', ...fellDue.map((c) => `delayed:${c.seq}`)],
      'answers first, nothing released meanwhile, then the rebuilt feed and what fell due',
    );
    assert.equal(host.rebuilding, false);
    assert.notEqual(host.delayed, line);
    assert.equal(host.delayed.delayMs, 300 * SEC);
    // 300 s before now: before the last ~300 chip counts of the floor (some fell due meanwhile).
    const want = expected(host, 300 * SEC);
    assert.ok(want.seq < shownSeq - 200 && want.seq > 100, `went back in time (seq ${want.seq})`);
    const got = actual(host.delayed);
    assert.deepEqual({ ...got, pending: host.delayed.pending.changes }, { ...want, pending: want.pending.length });
    assert.notEqual(got.views.players.entries.find((e: { id: string }) => e.id === 'e7').chips, 77_777, 'the count made during the rebuild is still to come');

    // And the pending changes air at their times, the last one at its commit + 300 s.
    time.advance(300 * SEC);
    assert.equal(host.delayed.seq, host.seq);
    assert.equal(JSON.parse(host.delayed.topicJsonFor('players')).entries.find((e: { id: string }) => e.id === 'e7').chips, 77_777);
    assert.deepEqual(errors, []);
  });

  it('delays set in turns never queue work: a shorter one catches up at once, a newer one cancels the rebuild running', async () => {
    const host = floor();
    readsFromOrigin = 0;
    ok(host, { type: 'stream.delay', seconds: 3600 });
    while (readsFromOrigin === 0) await new Promise((r) => setTimeout(r, 1));
    assert.equal(host.rebuilding, true, 'a rebuild under way...');
    ok(host, { type: 'stream.delay', seconds: 0, confirmed: true });
    assert.equal(host.rebuilding, false, '...is cancelled by a shorter delay');
    assert.equal(host.delayed.seq, host.seq, 'which catches up at once');
    // Then in turns faster than a slice, as a producer tapping back and forth.
    for (const seconds of [3600, 0, 3600, 0, 3600]) {
      ok(host, { type: 'stream.delay', seconds, ...(seconds === 0 ? { confirmed: true as const } : {}) });
      if (seconds === 0) {
        assert.equal(host.rebuilding, false, 'a shorter delay cancels the rebuild');
        assert.equal(host.delayed.seq, host.seq, 'and catches up at once');
        assert.equal(host.delayed.delayMs, 0);
      } else assert.equal(host.rebuilding, true);
    }
    // 3600 s back, then 600: longer than the 0 s the feed shows, so rebuilt too, from scratch.
    ok(host, { type: 'stream.delay', seconds: 600 });
    assert.equal(host.rebuilding, true);
    await nextDelayChange(host);
    assert.equal(readsFromOrigin, 2, 'the one cancelled under way and the last: none of the others read the log');
    assert.equal(host.delayed.delayMs, 600 * SEC);
    const want = expected(host, 600 * SEC);
    assert.deepEqual({ ...actual(host.delayed), pending: host.delayed.pending.changes }, { ...want, pending: want.pending.length });
    assert.deepEqual(errors, []);
  });

  it('a rebuild that fails is logged, and the feed goes on at the longer delay: late, never early', async () => {
    const host = floor();
    ok(host, { type: 'stream.delay', seconds: 60 });
    const shown = host.delayed.seq;
    readsFail = true;
    const finished = nextDelayChange(host);
    try {
      ok(host, { type: 'stream.delay', seconds: 600 });
      time.advance(SEC);
      ok(host, { type: 'chips.set', entryId: 'e1', chips: 1 });
      await finished;
    } finally {
      readsFail = false;
    }
    assert.deepEqual(errors.splice(0), ['disk I/O error']);
    assert.equal(host.rebuilding, false);
    assert.equal(host.delayed.delayMs, 600 * SEC);
    assert.equal(host.delayed.seq, shown, 'nothing released on failing');
    time.advance(599 * SEC);
    assert.ok(host.delayed.seq < host.seq, 'the count is not out 599 s after it');
    time.advance(SEC);
    assert.equal(host.delayed.seq, host.seq, 'it is at 600 s');
  });
});
