/**
 * Floor cues the screens derive from what they already count (no server ticking): dealer cues
 * from the clock (TDA 2024 AP 7, AP 20) and the player clock's phases (RULES.md "Player clock").
 * Runs in Node (pure layers); the browser test in display.test.ts renders them.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { liveClock } from '../../client/clock.js';
import type { ClockView, ItemView } from '../../client/messages.js';
import { dealerCue } from '../../web/lib/dealer-cue.js';
import { localizer, LANGUAGES } from '../../web/lib/i18n.js';
import '../helpers/texts.js';

const MIN = 60_000;
const level = (index: number, n: number): ItemView => ({ index, n, sb: 25 * n, bb: 50 * n, ms: 20 * MIN }) as ItemView;
const ITEMS: ItemView[] = [level(0, 1), level(1, 2), { index: 2, break: true, ms: 15 * MIN }, level(3, 3)];
const running = (index: number, endsAt: number): ClockView => ({ status: 'running', current: ITEMS[index]!, next: ITEMS[index + 1] ?? null, endsAt }) as ClockView;

describe('dealer cues (TDA 2024 AP 7, AP 20)', () => {
  it('AP 7: "de push 90 seconden voor een geplande pauze of limietverandering te stoppen"', () => {
    assert.equal(dealerCue(liveClock(running(0, 100_000), ITEMS, 100_000 - 90_001), ITEMS), null, 'not at 1:30.001');
    assert.deepEqual(dealerCue(liveClock(running(0, 100_000), ITEMS, 100_000 - 90_000), ITEMS), { kind: 'no-push', toBreak: false, leftMs: 90_000 });
    assert.deepEqual(dealerCue(liveClock(running(1, 100_000), ITEMS, 100_000 - 30_000), ITEMS), { kind: 'no-push', toBreak: true, leftMs: 30_000 });
  });

  it('AP 20: "delers, maak uw decks gereed" within one minute of the start and of play resuming after a break', () => {
    const start = 20 * MIN;
    assert.deepEqual(dealerCue(liveClock(running(0, start), ITEMS, 30_000), ITEMS), { kind: 'decks' }, 'the start of the tournament');
    assert.equal(dealerCue(liveClock(running(0, start), ITEMS, 61_000), ITEMS), null);
    assert.deepEqual(dealerCue(liveClock(running(3, start), ITEMS, 59_000), ITEMS), { kind: 'decks' }, 'after the break');
    assert.equal(dealerCue(liveClock(running(1, start), ITEMS, 10_000), ITEMS), null, 'not after a level change');
    assert.equal(dealerCue(liveClock(running(2, start), ITEMS, 10_000), ITEMS), null, 'nothing during the break');
    assert.equal(dealerCue(liveClock({ ...running(0, start), status: 'paused', remainingMs: 10_000 } as ClockView, ITEMS, 0), ITEMS), null, 'nothing while paused');
  });

  it('every cue and outcome text exists in all five languages', () => {
    const keys = ['cues.noPush', 'cues.decks', 'cues.onTheClock', 'cues.timeUp.dead', 'cues.timeUp.dead-facing-bet', 'cues.atZero.dead', 'cues.atZero.dead-facing-bet'] as const;
    const en = localizer('en');
    for (const lang of LANGUAGES) {
      if (lang === 'en') continue;
      const l = localizer(lang);
      for (const key of keys) assert.notEqual(l.t(key), en.t(key), `${lang}: ${key}`);
    }
  });
});
