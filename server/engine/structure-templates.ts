/**
 * Ready-made structures to start from: turbo, regular and deepstack, as rooms run them (ladders
 * as in the sample and common Dutch and Danish casino structures). Each is a starting stack, a
 * chip set, and levels with breaks; colour-ups are placed at the breaks from the chip set
 * (structure-suggest.ts `withColorUps`). Every value stays editable in the structure editor.
 */
import { withColorUps } from './structure-suggest.js';
import type { StructureItem } from './structure.js';

export const TEMPLATE_IDS = ['turbo', 'regular', 'deepstack'] as const;
export type TemplateId = (typeof TEMPLATE_IDS)[number];

export interface StructureTemplate {
  id: TemplateId;
  startingStack: number;
  chipSet: number[];
  structure: StructureItem[];
}

interface Recipe {
  startingStack: number;
  smallBlinds: number[];
  minutes: number;
  breakMinutes: number;
  /** A break after every this many levels. */
  breakEvery: number;
  /** Big-blind antes from this level (1-based; TDA 2024 AP 11). */
  bbaFrom: number;
}

const CHIP_SET = [25, 100, 500, 1000, 5000, 25000];

const RECIPES: Record<TemplateId, Recipe> = {
  turbo: {
    startingStack: 10_000,
    smallBlinds: [25, 50, 75, 100, 150, 200, 300, 400, 500, 600, 800, 1000, 1500, 2000, 3000, 4000, 5000, 6000],
    minutes: 10,
    breakMinutes: 10,
    breakEvery: 6,
    bbaFrom: 5,
  },
  regular: {
    startingStack: 20_000,
    smallBlinds: [25, 50, 75, 100, 150, 200, 250, 300, 400, 500, 600, 800, 1000, 1200, 1500, 2000, 2500, 3000, 4000, 5000],
    minutes: 20,
    breakMinutes: 15,
    breakEvery: 4,
    bbaFrom: 4,
  },
  deepstack: {
    startingStack: 30_000,
    smallBlinds: [25, 50, 75, 100, 125, 150, 200, 250, 300, 400, 500, 600, 800, 1000, 1200, 1500, 2000, 2500, 3000, 4000, 5000, 6000],
    minutes: 30,
    breakMinutes: 15,
    breakEvery: 4,
    bbaFrom: 5,
  },
};

export function structureTemplate(id: TemplateId): StructureTemplate {
  const r = RECIPES[id];
  const items: StructureItem[] = [];
  r.smallBlinds.forEach((sb, i) => {
    const bba = i + 1 >= r.bbaFrom;
    items.push({ kind: 'level', smallBlind: sb, bigBlind: 2 * sb, ante: bba ? 2 * sb : 0, anteType: bba ? 'bba' : 'none', minutes: r.minutes });
    if ((i + 1) % r.breakEvery === 0 && i + 1 < r.smallBlinds.length) items.push({ kind: 'break', minutes: r.breakMinutes, colorUp: null });
  });
  return { id, startingStack: r.startingStack, chipSet: CHIP_SET.slice(), structure: withColorUps(items, CHIP_SET) };
}

export function isTemplateId(id: string): id is TemplateId {
  return (TEMPLATE_IDS as readonly string[]).includes(id);
}
