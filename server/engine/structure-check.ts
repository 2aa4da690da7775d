/**
 * The whole check of a structure as the TD's editor needs it: the structure's own problems
 * (structure.ts) and, when the tournament has a chip set, its colour-ups and the amounts the
 * chips cannot make (money/colorup.ts, IP r37). Each problem names its item, so the editor shows
 * it next to the field; `assertStructure` refuses with all of them at once.
 */
import { EngineError } from './errors.js';
import { checkColorUps } from './money/colorup.js';
import { structureIssues, type StructureIssue, type StructureItem } from './structure.js';

export function structureAndChipIssues(structure: readonly StructureItem[], chipSet?: readonly number[] | null): StructureIssue[] {
  const issues = structureIssues(structure);
  // Blinds and minutes first: colour-ups of a structure that is unplayable anyway add noise.
  if (issues.length || !chipSet?.length) return issues;
  return checkColorUps(structure, chipSet).map((p) => ({
    index: p.index,
    field: structure[p.index]?.kind === 'break' ? 'colorUp' : null,
    code: p.code,
    ...(p.denomination !== null ? { values: { chip: p.denomination } } : {}),
    message: p.message,
  }));
}

/** Throws `invalid-structure` with every issue (message: all of them; `issues`: each at its item). */
export function assertStructure(structure: readonly StructureItem[], chipSet?: readonly number[] | null): void {
  const issues = structureAndChipIssues(structure, chipSet);
  if (issues.length) throw new EngineError('invalid-structure', issues.map((i) => i.message).join(' '), 'invalid', issues);
}
