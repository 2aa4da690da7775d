/**
 * Commands named for the TD (control/command-labels.ts): the name of each command type, the
 * players it concerns, and the toasts for commands dropped unsent for their age.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { commandLabel, commandSubject, expiredTexts } from '../../control/command-labels.js';
import type { PendingCommand } from '../../client/commands.js';
import { localizer } from '../../web/lib/i18n.js';
import '../helpers/texts.js';
import type { PlayersView } from '../../server/protocol/entries-views.js';

const en = localizer('en');
const nl = localizer('nl');
const entry = (id: string, playerId: string, name: string) => ({ id, playerId, name, n: 1, status: 'active' as const, chips: 20_000, rebuys: 0, addons: 0 });
const players = { entries: [entry('e1', 'p1', 'Anna'), entry('e2', 'p2', 'Bram')], lastBust: [] } as unknown as PlayersView;
const pending = (type: string, subject: string | undefined, sent: boolean): PendingCommand => ({ id: type, tournament: 't1', type, createdAt: 0, ...(subject ? { subject } : {}), sent });

describe('command labels', () => {
  it('names the players a command concerns, from the players the panel shows', () => {
    assert.equal(commandSubject({ type: 'entry.bust', entryIds: ['e1', 'e2'] }, players), 'Anna, Bram');
    assert.equal(commandSubject({ type: 'chips.set', entryId: 'e2', chips: 100 }, players), 'Bram');
    assert.equal(commandSubject({ type: 'entry.reenter', playerId: 'p1' }, players), 'Anna');
    assert.equal(commandSubject({ type: 'entry.add', name: 'Cees' }, null), 'Cees');
    assert.equal(commandSubject({ type: 'entry.bust', entryIds: ['e9'] }, players), undefined, 'an unknown entry: no name');
    assert.equal(commandSubject({ type: 'clock.pause' }, players), undefined);
  });

  it('writes "Bust — Anna" in the panel’s language, and an unknown type as it is', () => {
    assert.equal(commandLabel(en, { type: 'entry.bust', subject: 'Anna' }), 'Bust — Anna');
    assert.equal(commandLabel(nl, { type: 'entry.bust', subject: 'Anna' }), 'Uit — Anna');
    assert.equal(commandLabel(en, { type: 'clock.pause' }), 'Pause clock');
    assert.equal(commandLabel(en, { type: 'table.teleport' }), 'table.teleport');
  });

  it('tells apart commands that never left the phone from those sent without an answer', () => {
    assert.deepEqual(expiredTexts(en, [pending('entry.bust', 'Anna', false), pending('clock.pause', undefined, false)], 15 * 60_000), [
      'Not sent (older than 15 min): Bust — Anna; Pause clock',
    ]);
    assert.deepEqual(expiredTexts(nl, [pending('entry.bust', 'Anna', false), pending('clock.resume', undefined, true)], 15 * 60_000), [
      'Niet verstuurd (ouder dan 15 min): Uit — Anna',
      'Geen antwoord (ouder dan 15 min), controleer of het is uitgevoerd: Klok hervatten',
    ]);
    assert.deepEqual(expiredTexts(en, [], 15 * 60_000), []);
  });
});
