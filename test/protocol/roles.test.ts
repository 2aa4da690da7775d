/**
 * Roles and capabilities written once (issue 22): server/protocol/roles.ts holds ROLES and one
 * `may(role, capability)` for commands and routes alike. Expected values written by hand from
 * docs/API.md "Roles" and docs/SECURITY.md, never read from the table under test. The routes
 * themselves are exercised over HTTP in test/server/auth-matrix.test.ts.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { commandsFor, isRole, may, ROLES, ROUTE_CAPABILITIES, STAFF_ROLES } from '../../server/protocol/roles.js';

describe('roles', () => {
  it('are one list: a screen, then floor staff, the stream producer and the TD', () => {
    assert.deepEqual([...ROLES], ['viewer', 'floor', 'stream', 'td']);
    assert.deepEqual([...STAFF_ROLES], ['floor', 'stream', 'td']);
    for (const role of ROLES) assert.equal(isRole(role), true, role);
    for (const other of ['system', 'admin', 'TD', '', null, undefined, 1]) assert.equal(isRole(other), false, String(other));
  });

  it('what the routes guard, by role (the audit log for the floor, OBS status for the producer, the rest the TD)', () => {
    const expected: Record<string, string[]> = {
      'log.read': ['floor', 'td'],
      'obs.operate': ['stream', 'td'],
      'obs.configure': ['td'],
      'sessions.manage': ['td'],
      backup: ['td'],
      setup: ['td'],
      'day2.create': ['td'],
      'branding.set': ['stream', 'td'],
      'stream.readLive': ['stream', 'td'],
      // Issue 27: the floor finds and registers players; their records (contacts) are the TD's.
      'players.read': ['floor', 'td'],
      'players.manage': ['td'],
      'leagues.manage': ['td'],
    };
    assert.deepEqual([...ROUTE_CAPABILITIES].sort(), Object.keys(expected).sort());
    for (const [capability, allowed] of Object.entries(expected)) {
      for (const role of ROLES) assert.equal(may(role, capability), allowed.includes(role), `${role} ${capability}`);
      assert.equal(may('system', capability), true, `the server itself: ${capability}`);
    }
  });

  it('commands by role and by argument (TDA 2017 r71: a disqualification is the TD\'s)', () => {
    assert.equal(may('stream', 'chips.set'), true);
    assert.equal(may('stream', 'entry.bust'), false);
    assert.equal(may('floor', 'penalty.add', { kind: 'warning' }), true);
    assert.equal(may('floor', 'penalty.add', { kind: 'disqualification' }), false);
    assert.equal(may('td', 'penalty.add', { kind: 'disqualification' }), true);
    assert.equal(may('viewer', 'clock.pause'), false);
    assert.equal(may('td', 'no.such.command'), false);
    assert.equal(may('system', 'no.such.command'), false);
  });

  it('hello.may lists commands only, never a route capability', () => {
    for (const role of ROLES) {
      const listed: readonly string[] = commandsFor(role);
      for (const capability of ROUTE_CAPABILITIES) assert.equal(listed.includes(capability), false, `${role}: ${capability}`);
    }
    assert.deepEqual(commandsFor('viewer'), []);
    assert.ok(commandsFor('stream').includes('stream.ticker'));
    assert.ok(!commandsFor('floor').includes('stream.ticker'));
  });
});
