/**
 * The shared browser library (web/lib) without a browser: the pure layers, and the
 * Connection driven through a fake socket. (Runs in Node; it lives here because test/browser
 * is the client's test folder.)
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BACKOFF, backoffDelay } from '../../client/backoff.js';
import { formatCountdown, liveClock } from '../../client/clock.js';
import { Connection, type ConnectionStatus } from '../../client/connection.js';
import { CommandQueue } from '../../client/commands.js';
import { applyPatch, applySnapshot, emptyFeed, type TournamentFeed } from '../../client/collections.js';
import { chooseLanguage, localizer } from '../../web/lib/i18n.js';
import '../helpers/texts.js';
import { newCommandId } from '../../client/ids.js';
import type { ClockView, ItemView } from '../../client/messages.js';
import { PROTOCOL_VERSION } from '../../server/protocol/messages.js';
import { ServerTime } from '../../client/server-time.js';
import { signalBetween } from '../../web/lib/sound.js';

const MIN = 60_000;
const level = (index: number, n: number, sb: number, bb: number, extra: Partial<ItemView> = {}): ItemView => ({ index, n, sb, bb, ms: 20 * MIN, ...extra }) as ItemView;
const ITEMS: ItemView[] = [level(0, 1, 25, 50), level(1, 2, 50, 100), { index: 2, break: true, ms: 15 * MIN, colorUp: 25 }, level(3, 3, 100, 200, { bba: 200 })];

describe('backoff', () => {
  it('doubles from 0.5 s up to the 10 s cap, with jitter between half and all of the step', () => {
    assert.equal(backoffDelay(0, () => 1), 500);
    assert.equal(backoffDelay(0, () => 0), 250);
    assert.equal(backoffDelay(3, () => 1), 4000);
    assert.equal(backoffDelay(5, () => 1), BACKOFF.capMs);
    assert.equal(backoffDelay(50, () => 0), BACKOFF.capMs / 2);
  });
});

describe('command ids', () => {
  it('are random, printable and fit the server’s id rule', () => {
    const a = newCommandId();
    assert.match(a, /^[\x21-\x7e]{1,100}$/);
    assert.notEqual(a, newCommandId());
  });
});

describe('server time', () => {
  it('keeps the sample with the smallest round trip and runs at the server’s rate', () => {
    let local = 1000;
    const time = new ServerTime(() => local);
    time.reset(1, 50_000);
    assert.equal(time.synced, false);
    time.addPong(1000, 60_000, 1100); // rtt 100: server read at local 1050
    time.addPong(1200, 60_160, 1210); // rtt 10: server read at local 1205
    time.addPong(1300, 99_999, 1500); // rtt 200: ignored
    assert.equal(time.rtt, 10);
    local = 2205;
    assert.equal(time.now(), 61_160);
    time.reset(2, 0, 0);
    time.addPong(0, 10_000, 0);
    local = 500;
    assert.equal(time.now(), 11_000, 'at rate 2 the server runs twice as fast');
  });
});

describe('live clock', () => {
  const running: ClockView = { status: 'running', current: ITEMS[1]!, next: ITEMS[2]!, endsAt: 100_000, breakAt: 100_000 };

  it('counts down to endsAt and shows the server’s time to the break', () => {
    const live = liveClock(running, ITEMS, 40_000);
    assert.equal(live.remainingMs, 60_000);
    assert.equal(live.breakInMs, 60_000);
    assert.equal(live.ahead, false);
  });

  it('moves on to the next item at endsAt by itself, before the server’s patch', () => {
    const live = liveClock(running, ITEMS, 100_000);
    assert.equal(live.current.index, 2);
    assert.equal(live.remainingMs, 15 * MIN);
    assert.equal(live.next?.index, 3);
    assert.equal(live.ahead, true);
    assert.equal(live.breakInMs, null, 'no break after this one');
    // The server's patch then says the same thing: nothing to flicker back.
    const patched: ClockView = { status: 'running', current: ITEMS[2]!, next: ITEMS[3]!, endsAt: 100_000 + 15 * MIN };
    assert.deepEqual({ ...liveClock(patched, ITEMS, 100_000), ahead: true }, live);
  });

  it('uses clock.next when it does not follow the structure, and waits at 0:00 beyond it', () => {
    assert.equal(liveClock(running, undefined, 100_001).current.index, 2);
    const far = liveClock(running, undefined, 100_000 + 15 * MIN + 5);
    assert.equal(far.current.index, 2);
    assert.equal(far.remainingMs, 0);
  });

  it('ends after the last item and shows 0:00', () => {
    const last: ClockView = { status: 'running', current: ITEMS[3]!, next: null, endsAt: 10 };
    const live = liveClock(last, ITEMS, 20);
    assert.equal(live.status, 'ended');
    assert.equal(live.remainingMs, 0);
  });

  it('shows the kept time while paused', () => {
    const paused: ClockView = { status: 'paused', current: ITEMS[0]!, next: ITEMS[1]!, remainingMs: 61_500, breakInMs: 30 * MIN };
    const live = liveClock(paused, ITEMS, 1e12);
    assert.equal(formatCountdown(live.remainingMs), '1:02');
    assert.equal(live.breakInMs, 30 * MIN);
  });

  it('formats with whole seconds rounded up, h:mm:ss from one hour', () => {
    assert.deepEqual([0, 1, 999, 1000, 59_001, 600_000, 3_599_001, 3_723_000].map(formatCountdown), ['0:00', '0:01', '0:01', '0:01', '1:00', '10:00', '1:00:00', '1:02:03']);
  });
});

describe('signals', () => {
  const at = (current: ItemView, remainingMs: number, status: ClockView['status'] = 'running') =>
    liveClock({ status, current, next: null, remainingMs }, undefined, 0);

  it('sounds a new level, a break, the one-minute warning and the end, once each', () => {
    assert.equal(signalBetween(null, at(ITEMS[0]!, 1000)), null, 'not on the first render');
    assert.equal(signalBetween(at(ITEMS[0]!, 10), at(ITEMS[1]!, 20 * MIN)), 'level');
    assert.equal(signalBetween(at(ITEMS[1]!, 10), at(ITEMS[2]!, 15 * MIN)), 'break');
    assert.equal(signalBetween(at(ITEMS[1]!, 61_000), at(ITEMS[1]!, 60_000)), 'warning');
    assert.equal(signalBetween(at(ITEMS[1]!, 60_000), at(ITEMS[1]!, 59_000)), null);
    assert.equal(signalBetween(at(ITEMS[3]!, 1000), at(ITEMS[3]!, 0, 'ended')), 'ended');
    assert.equal(signalBetween(at(ITEMS[1]!, 61_000, 'paused'), at(ITEMS[1]!, 60_000, 'paused')), null);
  });
});

describe('i18n', () => {
  it('chooses ?lang, else the tournament’s locale, else English', () => {
    assert.equal(chooseLanguage('?lang=nl', 'de'), 'nl');
    assert.equal(chooseLanguage('?lang=xx', 'de'), 'de');
    assert.equal(chooseLanguage('', 'fr'), 'en');
  });

  it('formats numbers and money for the language, one way on every screen', () => {
    assert.equal(localizer('en').blinds(1000, 2000), '1,000 / 2,000');
    assert.equal(localizer('nl').blinds(1000, 2000), '1.000 / 2.000');
    assert.equal(localizer('nl').ante(ITEMS[3]!), 'BBA 200');
    assert.equal(localizer('de').itemSummary(ITEMS[2]!), 'Pause 15 Min.');
    assert.equal(localizer('nl').t('control.pending', { count: 2 }), '2 acties wachten op de verbinding');
    assert.equal(localizer('da').t('control.logout'), 'Log ud');
    // The prize pool and the payouts read alike: Intl's currency format for the language.
    assert.equal(localizer('en').money(135_000, 'EUR'), '€1,350');
    assert.equal(localizer('nl').money(135_000, 'EUR'), '€\u00a01.350');
    assert.equal(localizer('de').money(135_050, 'EUR'), '1.350,50\u00a0€');
    assert.equal(localizer('da').money(67_500, 'DKK'), '675\u00a0kr.');
    assert.equal(localizer('da').t('common.break'), 'Pause');
  });
});

describe('feed', () => {
  it('applies patches in order, ignores old ones and reports a gap', () => {
    const feed = applySnapshot(emptyFeed('t'), { type: 'snapshot', tournament: 't', seq: 5, serverTime: 0, state: {}, versions: {} });
    assert.equal(applyPatch(feed, { type: 'patch', tournament: 't', seq: 5, prev: 4, ops: [] }).kind, 'stale');
    assert.equal(applyPatch(feed, { type: 'patch', tournament: 't', seq: 8, prev: 7, ops: [] }).kind, 'gap');
    const ok = applyPatch(feed, { type: 'patch', tournament: 't', seq: 8, prev: 5, ops: [] });
    assert.equal(ok.kind, 'applied');
    assert.notEqual(ok.kind === 'applied' && ok.feed, feed, 'a new object for every change');
  });
});

/** A socket the test drives by hand. */
class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 1;
  sent: any[] = [];
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor() {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  receive(msg: object) {
    this.onmessage?.({ data: JSON.stringify(msg) });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.();
  }
  of(type: string) {
    return this.sent.filter((m) => m.type === type);
  }
}

async function nextSocket(count: number): Promise<FakeSocket> {
  const deadline = Date.now() + 3000;
  while (FakeSocket.all.length < count) {
    if (Date.now() > deadline) throw new Error('no reconnect');
    await new Promise((r) => setTimeout(r, 20));
  }
  return FakeSocket.all[count - 1]!;
}

describe('connection', () => {
  const hello = { type: 'hello', protocol: PROTOCOL_VERSION, serverTime: 1000, rate: 1, role: 'td' };
  const clock: ClockView = { status: 'idle', current: ITEMS[0]!, next: ITEMS[1]!, remainingMs: 20 * MIN };

  it('says its protocol on hello, subscribes, resumes from its seq after a gap and after a reconnect, and re-sends pending commands with the same id', async () => {
    FakeSocket.all = [];
    const conn = new Connection({ url: 'ws://test/ws', createSocket: () => new FakeSocket() as unknown as WebSocket, commands: (t, c, o) => new CommandQueue(t, c, o) });
    const statuses: ConnectionStatus[] = [];
    conn.onStatus((e) => statuses.push(e.status));
    const feeds: TournamentFeed[] = [];
    conn.subscribe('t1', ['clock'], (feed) => feeds.push(feed));
    const answer = conn.sendCommand('t1', { type: 'clock.start' });
    const first = FakeSocket.all[0]!;
    assert.equal(first.sent.length, 0, 'nothing is sent before hello');
    assert.equal(conn.pendingCount, 1);

    first.receive(hello);
    assert.deepEqual(first.sent[0], { type: 'hello', id: 1, protocol: PROTOCOL_VERSION }, 'its protocol version first');
    assert.deepEqual(first.of('subscribe'), [{ type: 'subscribe', id: 2, tournament: 't1', topics: ['clock'] }]);
    const [command] = first.of('command');
    assert.match(command.command.id, /^ui-/);
    assert.equal(command.id, command.command.id);
    assert.equal(first.of('ping').length, 1, 'the first ping of the burst');

    first.receive({ type: 'snapshot', id: 2, tournament: 't1', seq: 3, serverTime: 1000, state: { clock }, versions: { clock: 3 } });
    assert.equal(feeds.at(-1)?.status, 'ready');
    const paused = { ...clock, status: 'paused' as const };
    first.receive({ type: 'patch', tournament: 't1', seq: 5, prev: 4, ops: [{ topic: 'clock', set: paused }] });
    assert.equal(first.of('subscribe').length, 2, 'a missed change: subscribe again');
    assert.equal(first.of('subscribe')[1].since, 3, '...from the last change applied');
    first.receive({ type: 'patch', tournament: 't1', seq: 6, prev: 5, ops: [{ topic: 'clock', set: paused }] });
    assert.equal(feeds.at(-1)?.seq, 3, 'patches wait for the answer');
    first.receive({ type: 'resumed', id: first.of('subscribe')[1].id, tournament: 't1', since: 3, seq: 5, serverTime: 1000 });
    first.receive({ type: 'patch', tournament: 't1', seq: 4, prev: 3, ops: [{ topic: 'clock', set: paused }] });
    first.receive({ type: 'patch', tournament: 't1', seq: 5, prev: 4, ops: [{ topic: 'clock', set: clock }] });
    assert.equal(feeds.at(-1)?.seq, 5, 'resumed: the missed patches apply on the state it had');
    assert.equal(feeds.at(-1)?.state.clock?.status, 'idle');

    // The socket dies before the answer: the command is kept and sent again with its id.
    first.drop();
    assert.equal(conn.status, 'offline');
    const second = await nextSocket(2);
    second.receive(hello);
    assert.equal(second.of('subscribe').length, 1);
    assert.equal(second.of('subscribe')[0].since, 5, 'a reconnect resumes too');
    assert.equal(second.of('command')[0].command.id, command.command.id);
    second.receive({ type: 'result', id: command.id, ok: true, seq: 7 });
    assert.deepEqual(await answer, { ok: true, seq: 7 });
    assert.equal(conn.pendingCount, 0);
    assert.deepEqual(statuses, ['online', 'offline', 'online']);
    conn.close();
  });

  it('keeps a subscription whose older subscribe the server answered as replaced by a newer one', () => {
    FakeSocket.all = [];
    const conn = new Connection({ url: 'ws://test/ws', createSocket: () => new FakeSocket() as unknown as WebSocket, commands: (t, c, o) => new CommandQueue(t, c, o) });
    const feeds: TournamentFeed[] = [];
    conn.subscribe('t1', ['clock'], (f) => feeds.push(f));
    const socket = FakeSocket.all[0]!;
    socket.receive(hello);
    conn.subscribe('t1', ['info'], () => {}); // more topics: a newer subscribe before the first is answered
    const [older, newer] = socket.of('subscribe');
    assert.ok(newer && newer.id > older.id, 'a second subscribe was sent');
    socket.receive({ type: 'error', id: older.id, error: { code: 'rate-limited', message: 'A newer subscribe to this tournament took the place of this one.' } });
    assert.ok(feeds.every((f) => f.status !== 'error'), 'not marked failed');
    socket.receive({ type: 'snapshot', id: newer.id, tournament: 't1', seq: 3, serverTime: 1000, state: { clock }, versions: { clock: 3 } });
    assert.equal(feeds.at(-1)?.status, 'ready');
    conn.close();
  });

  it('marks a subscription the server refuses, and resolves refused commands with the error', async () => {
    FakeSocket.all = [];
    const conn = new Connection({ url: 'ws://test/ws', createSocket: () => new FakeSocket() as unknown as WebSocket, commands: (t, c, o) => new CommandQueue(t, c, o) });
    let feed: TournamentFeed | null = null;
    conn.subscribe('nope', undefined, (f) => (feed = f));
    const socket = FakeSocket.all[0]!;
    socket.receive(hello);
    socket.receive({ type: 'error', id: socket.of('subscribe')[0].id, error: { code: 'unknown-tournament', message: 'There is no tournament "nope".' } });
    assert.equal(feed!.status, 'error');
    assert.equal(feed!.error?.code, 'unknown-tournament');
    const answer = conn.sendCommand('nope', { type: 'level.previous' });
    const id = socket.of('command')[0].id;
    socket.receive({ type: 'result', id, ok: false, error: { code: 'unknown-tournament', message: 'There is no such tournament.' } });
    assert.deepEqual(await answer, { ok: false, error: { code: 'unknown-tournament', message: 'There is no such tournament.' } });
    conn.close();
  });

  it('a server of another protocol version makes the page outdated (a browser page reloads)', () => {
    FakeSocket.all = [];
    const conn = new Connection({ url: 'ws://test/ws', createSocket: () => new FakeSocket() as unknown as WebSocket });
    let outdated = 0;
    conn.addEventListener('outdated', () => outdated++);
    const socket = FakeSocket.all[0]!;
    socket.receive({ ...hello, protocol: PROTOCOL_VERSION + 1 });
    assert.equal(outdated, 1);
    assert.equal(socket.of('subscribe').length, 0, 'nothing is asked of a server it cannot understand');
    conn.close();
  });
});

describe('chips in little space', () => {
  it('writes K and M from 100,000, with the language’s decimal mark', () => {
    const en = localizer('en');
    assert.deepEqual([99_999, 100_000, 150_000, 1_250_000, 12_500_000].map(en.chips), ['99,999', '100K', '150K', '1.25M', '12.5M']);
    assert.equal(localizer('nl').blinds(150_000, 300_000, true), '150K / 300K');
    assert.equal(localizer('de').chips(12_500_000), '12,5M');
  });
});

describe('msUntilEndOf (late-registration countdown from the clock, not from a server time)', () => {
  it('adds the rest of the current item to every item up to the one that closes the window', async () => {
    const { liveClock, msUntilEndOf } = await import('../../client/clock.js');
    const items = [
      { index: 0, n: 1, sb: 25, bb: 50, ms: 1_200_000 },
      { index: 1, n: 2, sb: 50, bb: 100, ms: 1_200_000 },
      { index: 2, break: true as const, ms: 600_000 },
    ];
    const clock = { status: 'running' as const, current: items[0]!, next: items[1]!, endsAt: 10_000 + 300_000 };
    const live = liveClock(clock, items, 10_000);
    assert.equal(msUntilEndOf(live, items, 0), 300_000);
    assert.equal(msUntilEndOf(live, items, 2), 300_000 + 1_200_000 + 600_000);
    assert.equal(msUntilEndOf(live, undefined, 1), null, 'no structure: the screen says "end of level N" instead');
  });
});
