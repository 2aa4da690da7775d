/**
 * The send budget (server/ws/send-queues.ts) with sockets whose unread bytes the test sets by
 * hand: which socket is dropped when the total is full, and which never is.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Connection } from '../../server/ws/connection.js';
import { KEEPING_UP_BYTES, SendQueues } from '../../server/ws/send-queues.js';

const KiB = 1024;

function fakeConn(address: string, unread: { bytes: number }): Connection {
  return {
    socket: { send() {}, close() {}, bufferedAmount: () => unread.bytes },
    actor: { role: 'viewer', id: 'anonymous' },
    sameOrigin: true,
    address,
    delayed: false,
    subscriptions: new Map(),
    tokens: 0,
    refilledAt: 0,
    dropped: 0,
    alive: true,
    greeted: true,
    queued: 0,
    bulk: 0,
  };
}

function setup(perSocket: number, total: number) {
  const connections = new Set<Connection>();
  const dropped: string[] = [];
  const logged: string[] = [];
  const queues = new SendQueues({ perSocket, total, log: (fields) => logged.push(fields.client) }, connections, (conn) => {
    dropped.push(conn.address);
    connections.delete(conn);
    queues.forget(conn);
  });
  const add = (address: string, bytes: number) => {
    const unread = { bytes };
    const conn = fakeConn(address, unread);
    connections.add(conn);
    return { conn, unread };
  };
  return { queues, connections, dropped, logged, add };
}

describe('send budget', () => {
  it('drops the largest holder when a send would pass the total, never the socket that keeps up', () => {
    const { queues, dropped, add } = setup(10_000 * KiB, 1000 * KiB);
    const screen = add('10.0.0.1', 0);
    const byteReader = add('10.0.0.2', 400 * KiB); // reads a byte a second
    const never = add('10.0.0.3', 500 * KiB); // never reads
    const bursts = add('10.0.0.4', 90 * KiB); // reads in bursts, between two of them
    // Known as of their last sends.
    for (const s of [byteReader, never, bursts]) assert.equal(queues.admit(s.conn, 0), true);
    assert.deepEqual(dropped, [], '990 KiB of 1,000: nothing dropped yet');
    // The screen's patch passes the total: the largest holder goes, and only it.
    assert.equal(queues.admit(screen.conn, 20 * KiB), true);
    assert.deepEqual(dropped, ['10.0.0.3']);
    // Still full (400 + 90 + 20 + 600): the next largest goes.
    assert.equal(queues.admit(screen.conn, 600 * KiB), true);
    assert.deepEqual(dropped, ['10.0.0.3', '10.0.0.2']);
  });

  it('looks again before dropping: bytes read since the last send are not held against anyone', () => {
    const { queues, dropped, add } = setup(10_000 * KiB, 1000 * KiB);
    const a = add('10.0.0.1', 900 * KiB);
    assert.equal(queues.admit(a.conn, 0), true);
    a.unread.bytes = 0; // it read everything, and was sent nothing since
    const b = add('10.0.0.2', 0);
    assert.equal(queues.admit(b.conn, 200 * KiB), true);
    assert.deepEqual(dropped, []);
    assert.equal(queues.queuedBytes(), 0);
  });

  it('never drops a socket holding less than KEEPING_UP_BYTES to make room', () => {
    const { queues, dropped, add } = setup(10_000 * KiB, 100 * KiB);
    const small = Array.from({ length: 4 }, (_, i) => add(`10.0.1.${i}`, KEEPING_UP_BYTES - 1));
    for (const s of small) queues.admit(s.conn, 0);
    assert.deepEqual(dropped, []);
  });

  it('drops a socket over its own cap on its next send, beyond the last snapshot it was sent', () => {
    const { queues, dropped, add } = setup(256 * KiB, 1000 * 1024 * KiB);
    const tv = add('10.0.0.5', 300 * KiB);
    tv.conn.bulk = 100 * KiB; // its snapshot is still on its way
    assert.equal(queues.admit(tv.conn, 1 * KiB), true);
    tv.unread.bytes = 400 * KiB;
    assert.equal(queues.admit(tv.conn, 1 * KiB), false);
    assert.deepEqual(dropped, ['10.0.0.5']);
  });

  it('makes room for a snapshot by dropping larger holders, never the socket it is for', () => {
    const { queues, dropped, add } = setup(10_000 * KiB, 1000 * KiB);
    const big = add('10.0.0.1', 700 * KiB);
    queues.admit(big.conn, 0);
    const asking = add('10.0.0.2', 0);
    assert.equal(queues.makeRoom(500 * KiB, asking.conn), true);
    assert.deepEqual(dropped, ['10.0.0.1']);
  });

  it('logs a dropped address once a minute, and counts every drop', () => {
    const { queues, logged, add } = setup(1 * KiB, 1000 * KiB);
    for (let i = 0; i < 3; i++) {
      const s = add('10.0.0.9', 10 * KiB);
      queues.admit(s.conn, 0);
    }
    assert.equal(queues.slowDrops, 3);
    assert.deepEqual(logged, ['10.0.0.9']);
  });
});
