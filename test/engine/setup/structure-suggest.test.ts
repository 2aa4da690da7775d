/**
 * "Suggest a structure" and the templates, against values worked out by hand (issue 14).
 *
 * The worked example: 100 players, 20,000 chips, 6 hours, 20-minute levels, 15-minute breaks.
 * - A break every 120 / 20 = 6 levels. 16 levels and 2 breaks take 16 x 20 + 2 x 15 = 350 min;
 *   17 levels would take 340 + 30 = 370 > 360. So 16 levels.
 * - First big blind 20,000 / 200 = 100; last 100 x 20,000 / 20 = 100,000; the factor per level
 *   is (100,000 / 100)^(1/15) = 10^0.2 = 1.58489.
 * - Targets 100 x 10^(0.2 i): 100, 158.5, 251.2, 398.1, 631.0, 1,000, 1,584.9, 2,511.9, 3,981.1,
 *   6,309.6, 10,000, 15,849, 25,119, 39,811, 63,096, 100,000. The smallest chip for 20,000 is
 *   25 (20,000 / 5 = 4,000 chips is too many), so big blinds are twice a small blind from
 *   25, 50, 75, 100, 150, 200, 250, 300, 400, 500, 600, 750, 800, 1,000, 1,200, ...: the big
 *   blinds 50, 100, 150, 200, 300, 400, 500, 600, 800, 1,000, 1,200, 1,500, 1,600, 2,000, 2,400,
 *   3,000, 4,000, ... (×10 each decade).
 * - Issue 23: no level more than 1.5 times the one before. Within that the fastest climb from
 *   100 is 100, 150, 200 (225 is no blind), 300, 400, 600, 800, 1,200, 1,600, 2,400, 3,000 (3,600
 *   none), 4,000, 6,000, 8,000, 12,000, ...: about 1.4 a level where the targets need 1.585. No
 *   smooth ladder meets both ends; the one closest to the targets (squared log differences)
 *   shares the gap: it starts higher (300) and ends lower (40,000).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { structureAndChipIssues } from '../../../server/engine/structure-check.js';
import { levelsThatFit, suggestStructure } from '../../../server/engine/structure-suggest.js';
import { structureTemplate, TEMPLATE_IDS } from '../../../server/engine/structure-templates.js';
import type { Break, Level, StructureItem } from '../../../server/engine/structure.js';
import { errorCode } from '../../helpers/engine.js';

const levels = (s: StructureItem[]): Level[] => s.filter((i): i is Level => i.kind === 'level');
const breaks = (s: StructureItem[]): Array<[number, Break]> => s.flatMap((item, i) => (item.kind === 'break' ? [[i, item] as [number, Break]] : []));
const minutes = (s: StructureItem[]): number => s.reduce((sum, i) => sum + i.minutes, 0);

describe('suggestStructure', () => {
  const example = { players: 100, startingStack: 20_000, targetMinutes: 360, levelMinutes: 20 };

  it('fits 16 levels and 2 breaks into 6 hours (350 min)', () => {
    assert.equal(levelsThatFit(360, 20, 15, 6), 16);
    const s = suggestStructure(example);
    assert.equal(levels(s).length, 16);
    assert.deepEqual(breaks(s).map(([i]) => i), [6, 13]);
    assert.equal(minutes(s), 350);
  });

  it('climbs in steps a room uses, none more than 1.5 times the one before (issue 23)', () => {
    const bigBlinds = levels(suggestStructure(example)).map((l) => l.bigBlind);
    assert.deepEqual(bigBlinds, [300, 400, 600, 800, 1000, 1500, 2000, 3000, 4000, 6000, 8000, 12_000, 16_000, 24_000, 30_000, 40_000]);
    assert.ok(bigBlinds.every((bb, i) => i === 0 || bb <= 1.5 * bigBlinds[i - 1]!));
    assert.ok(levels(suggestStructure(example)).every((l) => l.smallBlind * 2 === l.bigBlind));
  });

  it('issue 23: 40 players, 20,000 chips, 4 hours of 15-minute levels: no doubling, 15 levels and 1 break', () => {
    // A break every 120 / 15 = 8 levels. 15 levels and 1 break: 225 + 15 = 240 min; 16 levels
    // and 1 break 255 > 240. First target 100, last 40 x 20,000 / 20 = 40,000 (x400 in 14
    // steps, 1.534 a level). The old ladder rounded each target to the nearest blind:
    // 100/200 -> 200/400 and 600/1,200 -> 1,000/2,000. Within 1.5 (see above) the climb is
    // shared: 200 to 24,000, every step 1.5 or 1.33 (or 1.25: 800 -> 1,000).
    const s = suggestStructure({ players: 40, startingStack: 20_000, targetMinutes: 240, levelMinutes: 15 });
    const bigBlinds = levels(s).map((l) => l.bigBlind);
    assert.deepEqual(bigBlinds, [200, 300, 400, 600, 800, 1000, 1500, 2000, 3000, 4000, 6000, 8000, 12_000, 16_000, 24_000]);
    const steps = bigBlinds.slice(1).map((bb, i) => bb / bigBlinds[i]!);
    assert.ok(Math.max(...steps) <= 1.5, `steps ${steps.join(', ')}`);
    assert.ok(bigBlinds.every((bb) => (bb / 2) % 25 === 0), 'small blinds the 25 chip makes');
    assert.deepEqual(breaks(s).map(([i]) => i), [8]);
    assert.equal(minutes(s), 240);
    assert.deepEqual(structureAndChipIssues(s), []);
  });

  it('TDA 2024 AP 11: big-blind antes equal to the big blind from the first level after the first break', () => {
    const ls = levels(suggestStructure(example));
    assert.deepEqual(ls.map((l) => l.anteType), [...Array(6).fill('none'), ...Array(10).fill('bba')]);
    assert.ok(ls.every((l) => l.ante === (l.anteType === 'bba' ? l.bigBlind : 0)));
    assert.ok(levels(suggestStructure({ ...example, ante: 'none' })).every((l) => l.anteType === 'none'));
  });

  it('IP r37: with the chips 25/100/500/1,000/5,000/25,000 the 25 leaves at the first break, the 100 at the second', () => {
    // 25 is last needed by 75/150 (level 2) and 150/300 (level 3); 100 by 800/1,600 and
    // 1,200/2,400 (levels 7 and 8, after the first break); the 500 would fit the second break
    // too, but a break holds one colour-up.
    const chipSet = [25, 100, 500, 1000, 5000, 25_000];
    const s = suggestStructure({ ...example, chipSet });
    assert.deepEqual(breaks(s).map(([, b]) => b.colorUp?.denomination ?? null), [25, 100]);
    assert.deepEqual(structureAndChipIssues(s, chipSet), []);
  });

  it('a 10-player sit-and-go: 10-minute levels, 2 hours, 1,500 chips (smallest chip 5)', () => {
    // Break every 12 levels; 11 x 10 + 0 = 110 fits, 12 x 10 = 120 fits, 13 x 10 + 15 = 145 does not.
    const s = suggestStructure({ players: 10, startingStack: 1500, targetMinutes: 120, levelMinutes: 10 });
    const ls = levels(s);
    assert.equal(ls.length, 12);
    // First big blind 1,500 / 200 = 7.5 -> 10 (5/10); last target 15,000 / 20 = 750. From 10 no
    // big blind is within 1.5 (15 would need a small blind of 7.5): the next one up, 20. Then
    // within 1.5 a level, sharing the gap to 750 (x75 in 11 steps needs 1.48 a level).
    assert.deepEqual(ls.map((l) => l.bigBlind), [10, 20, 30, 40, 60, 80, 100, 150, 200, 300, 400, 600]);
    assert.deepEqual(structureAndChipIssues(s), []);
  });

  it('refuses a field of one and a target shorter than two levels', () => {
    assert.equal(errorCode(() => suggestStructure({ ...example, players: 1 })), 'invalid-structure');
    assert.equal(errorCode(() => suggestStructure({ ...example, targetMinutes: 30 })), 'invalid-structure');
  });

  it('issue 21: never walks past what a structure holds (200 levels and breaks), whatever the inputs', () => {
    // A week of 51-minute levels, a 1-minute break after each 50: n levels take 51n minutes and
    // floor((n - 1) / 50) breaks. 197 levels: 10,047 + 3 = 10,050 <= 10,080; 198: 10,098 > 10,080.
    // 197 levels and 3 breaks are 200 items: the most a structure holds.
    assert.equal(levelsThatFit(10_080, 51, 1, 50), 197);
    // 50-minute levels: 201 levels and 4 breaks would fit the week, which is 205 items.
    assert.equal(levelsThatFit(10_080, 50, 1, 50), null);
    // The probe's level of 5e-324 minutes: the walk stops at the cap instead of running 10^327 times.
    assert.equal(levelsThatFit(10_080, 5e-324, 15, 120), null);
    assert.equal(errorCode(() => suggestStructure({ ...example, targetMinutes: 10_080, levelMinutes: 5e-324 })), 'invalid-structure');
    assert.equal(errorCode(() => suggestStructure({ ...example, targetMinutes: 10_080, levelMinutes: 1 })), 'invalid-structure');
    assert.equal(errorCode(() => suggestStructure({ ...example, breakMinutes: 1e-9 })), 'invalid-structure');
  });
});

describe('structure templates', () => {
  it('turbo: 18 ten-minute levels, 10-minute breaks after levels 6 and 12 (200 min), 10,000 chips', () => {
    const t = structureTemplate('turbo');
    assert.equal(t.startingStack, 10_000);
    assert.equal(levels(t.structure).length, 18);
    assert.deepEqual(breaks(t.structure).map(([i]) => i), [6, 13]);
    assert.equal(minutes(t.structure), 18 * 10 + 2 * 10);
    // 150/300 (level 5) is the last level that needs the 25: it leaves at the first break.
    assert.equal(breaks(t.structure)[0]![1].colorUp?.denomination, 25);
    assert.equal(levels(t.structure)[4]!.anteType, 'bba');
    assert.equal(levels(t.structure)[3]!.anteType, 'none');
  });

  it('regular: 20 twenty-minute levels from 25/50, a 15-minute break every 4 levels', () => {
    const t = structureTemplate('regular');
    assert.equal(t.startingStack, 20_000);
    assert.equal(levels(t.structure).length, 20);
    assert.deepEqual(breaks(t.structure).map(([i]) => i), [4, 9, 14, 19]);
    assert.equal(minutes(t.structure), 20 * 20 + 4 * 15);
  });

  it('deepstack: 22 thirty-minute levels, 30,000 chips', () => {
    const t = structureTemplate('deepstack');
    assert.equal(t.startingStack, 30_000);
    assert.equal(levels(t.structure).length, 22);
    assert.equal(minutes(t.structure), 22 * 30 + 5 * 15);
  });

  for (const id of TEMPLATE_IDS) {
    it(`${id} passes every check with its own chip set`, () => {
      const t = structureTemplate(id);
      assert.deepEqual(structureAndChipIssues(t.structure, t.chipSet), []);
    });
  }
});
