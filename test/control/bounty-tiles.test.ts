/**
 * The venue display's prize-pool tile under bounties and satellites (issue 25): the bounties still
 * on heads (money kept apart from the pool) or the seats still to win, in the screen's language.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { localizer } from '../../web/lib/i18n.js';
import '../helpers/texts.js';
import { fieldTile } from '../../overlays/display/field-banner/field-tiles.js';
import type { FieldView } from '../../server/protocol/entries-views.js';

const base = { prizePool: 180_000, currency: 'EUR' } as unknown as FieldView;

describe('prize pool tile: bounties and seats', () => {
  it('shows the bounties still on heads beside the pool (en, nl)', () => {
    const field = { ...base, bounty: { format: 'progressive', pool: 36_000, paid: 6_000, onHeads: 30_000 } } as FieldView;
    assert.match(fieldTile('display.prizePool', field, localizer('en'))![1], /^\+ €\s?300(\.00)? bounties$/);
    assert.match(fieldTile('display.prizePool', field, localizer('nl'))![1], /^\+ €\s?300(,00)? bounty's$/);
  });

  it('shows the seats still to win in a satellite, and nothing else without either', () => {
    const field = { ...base, satellite: { seatValue: 10_000, seats: 7, seatsLeft: 3 } } as FieldView;
    assert.equal(fieldTile('display.prizePool', field, localizer('en'))![1], '3 of 7 seats left');
    assert.equal(fieldTile('display.prizePool', field, localizer('de'))![1], '3 von 7 Plätzen übrig');
    assert.equal(fieldTile('display.prizePool', base, localizer('en'))![1], '');
  });
});
