/**
 * What the phone says after the server accepted a command (control/done-texts.ts), and how a
 * refusal names players (control/readable-error.ts). Texts written out by hand from the
 * English and Dutch locale files.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { doneText } from '../../control/done-texts.js';
import { readableMessage } from '../../control/readable-error.js';
import { localizer } from '../../web/lib/i18n.js';
import '../helpers/texts.js';
import type { ClockView, ItemView } from '../../client/messages.js';
import type { PlayersView } from '../../server/protocol/entries-views.js';
import type { SeatingView } from '../../server/protocol/seating.js';

const en = localizer('en');
const nl = localizer('nl');
const entry = (id: string, playerId: string, name: string) => ({ id, playerId, name, n: 1, status: 'active' as const, chips: 20_000, rebuys: 0, addons: 0 });
const players = { entries: [entry('e1', 'p1', 'Anna Jansen'), entry('e2', 'p2', 'Bram de Vries')], lastBust: [] } as unknown as PlayersView;
const seating = { tables: [{ id: 't7', number: 3, seats: [{ seat: 7, entryId: 'e2' }] }] } as unknown as SeatingView;
const L4: ItemView = { index: 3, n: 4, sb: 150, bb: 300, bba: 300, ms: 20 * 60_000 };
const clock: ClockView = { status: 'running', current: L4, next: null, endsAt: 0 };

describe('done texts', () => {
  it('names the level a clock or level command landed on', () => {
    assert.equal(doneText(en, { type: 'level.next' }, undefined, { clock }), 'On to Level 4 · 150 / 300 · BBA 300');
    assert.equal(doneText(nl, { type: 'level.next' }, undefined, { clock }), 'Door naar Level 4 · 150 / 300 · BBA 300');
    assert.equal(doneText(en, { type: 'clock.pause' }, undefined, { clock }), 'Clock paused');
    assert.equal(doneText(en, { type: 'clock.adjust', seconds: 60 }, undefined, { clock }), 'One minute added');
    assert.equal(doneText(en, { type: 'clock.adjust', seconds: -60 }, undefined, { clock }), 'One minute removed');
  });

  it('gives a registration the seat the server gave, or none yet', () => {
    assert.equal(doneText(en, { type: 'entry.add', name: 'Bram de Vries' }, { entryId: 'e2' }, { players, seating }), 'Bram de Vries registered, table 3 seat 7');
    assert.equal(doneText(en, { type: 'entry.add', name: 'Anna Jansen' }, { entryId: 'e1' }, { players, seating }), 'Anna Jansen registered');
  });

  it('names the places of a bust, and what was done to whom otherwise', () => {
    assert.equal(doneText(en, { type: 'entry.bust', entryIds: ['e1'] }, { finishes: [{ entryId: 'e1', place: 18, placeTo: 18 }] }, { players }), 'Out: Anna Jansen (Place 18)');
    assert.equal(doneText(en, { type: 'entry.rebuy', entryId: 'e1' }, undefined, { players }), 'Done: Rebuy — Anna Jansen');
    assert.equal(doneText(en, { type: 'table.add' }, undefined, {}), 'Done: Open table');
  });
});

describe('readable refusals', () => {
  it('shows a name, never an id, and says a name once', () => {
    assert.equal(readableMessage('Anna Jansen (e1) is not in play.', players, seating), 'Anna Jansen is not in play.');
    assert.equal(readableMessage('It now moves entry e2 to table t7.', players, seating), 'It now moves Bram de Vries to table 3.');
    assert.equal(readableMessage('Someone (e9) is not in play.', players, seating), 'Someone (a player) is not in play.');
  });
});
