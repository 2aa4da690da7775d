/**
 * The sample tournament created on an empty database: 20-minute levels from 25/50 to
 * 2,000/4,000, big-blind antes from level 4, and two breaks, the second with a colour-up
 * of the 25 chips (IP r37).
 */
import type { NewTournament } from './engine/state.js';
import type { Level, StructureItem } from './engine/structure.js';

const BLINDS: Array<[number, number]> = [
  [25, 50], [50, 100], [75, 150], [100, 200],
  [150, 300], [200, 400], [250, 500], [300, 600],
  [400, 800], [500, 1000], [600, 1200], [800, 1600],
  [1000, 2000], [1200, 2400], [1500, 3000], [2000, 4000],
];

function level(n: number, [smallBlind, bigBlind]: [number, number]): Level {
  // TDA 2024 AP 11: a big-blind ante, from level 4.
  const bba = n >= 4;
  return { kind: 'level', smallBlind, bigBlind, ante: bba ? bigBlind : 0, anteType: bba ? 'bba' : 'none', minutes: 20 };
}

export function sampleStructure(): StructureItem[] {
  const items: StructureItem[] = [];
  BLINDS.forEach((blinds, i) => {
    items.push(level(i + 1, blinds));
    if (i + 1 === 4) items.push({ kind: 'break', minutes: 15, colorUp: null });
    if (i + 1 === 8) items.push({ kind: 'break', minutes: 15, colorUp: { denomination: 25 } });
  });
  return items;
}

export function sampleTournament(): NewTournament {
  return {
    name: 'Riffle Sunday Deepstack',
    preset: 'tda-2024-onk',
    structure: sampleStructure(),
    settings: {
      startingStack: 20_000,
      buyIn: 9_000,
      fee: 1_000,
      currency: 'EUR',
      lateRegistrationLevel: 6,
      locale: 'en',
      rules: {},
    },
  };
}
