/**
 * OBS text templates air as written (issue 24): every row of the placeholder table in
 * docs/OBS.md is rendered here and must air exactly as the table says. Before, `{level}` said
 * "Level 11" itself, so the documented "Level {level}" aired "Level Level 11".
 *
 * The tournament of the examples, worked by hand: 180 entries of €100 and 10,000 chips, 27
 * players left, level 11 at 1,000 / 2,000 with a big-blind ante of 2,000, the break 35 minutes
 * away. Average stack 1,800,000 / 27 = 66,666.7 -> "66,667"; in big blinds 66,666.7 / 2,000 =
 * 33.3; prize pool 180 x €100 = €18,000. Anna Jansen out in 14th for €250.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { renderTemplate, type TemplateContext } from '../../server/obs/template.js';

const NOW = 1_800_000_000_000;
const level = { index: 13, n: 11, sb: 1000, bb: 2000, bba: 2000, ms: 20 * 60_000 };
const context = {
  clock: { status: 'running', current: level, endsAt: NOW + 600_000, next: null, breakAt: NOW + 35 * 60_000 },
  field: { entries: 180, playersLeft: 27, avgStack: 1_800_000 / 27, avgStackBB: 1_800_000 / 27 / 2000, prizePool: 1_800_000, currency: 'EUR' },
  now: NOW,
  name: 'Anna Jansen',
  place: '14',
  prizeCents: 25_000,
  bountyCents: 50_000,
} as unknown as TemplateContext;
const inBreak = { ...context, clock: { status: 'running', current: { index: 14, break: true, ms: 15 * 60_000 }, next: null } } as unknown as TemplateContext;

/** The rows of docs/OBS.md's placeholder table: [example template, what it airs (one or more)]. */
function documentedRows(): Array<{ template: string; airs: string[] }> {
  const doc = readFileSync(new URL('../../docs/OBS.md', import.meta.url), 'utf8');
  const rows: Array<{ template: string; airs: string[] }> = [];
  for (const line of doc.split('\n')) {
    const cells = line.trim().split('|').map((c) => c.trim());
    // | placeholder | airs | example template | airs as |
    if (cells.length !== 6 || !cells[1]!.startsWith('`{')) continue;
    const code = (cell: string) => [...cell.matchAll(/`([^`]*)`/g)].map((m) => m[1]!);
    rows.push({ template: code(cells[3]!)[0]!, airs: code(cells[4]!) });
  }
  return rows;
}

describe('OBS placeholders (docs/OBS.md)', () => {
  it('the table documents every placeholder', () => {
    const rows = documentedRows();
    assert.equal(rows.length, 10, 'ten rows');
    const used = new Set(rows.flatMap((r) => [...r.template.matchAll(/\{(\w+)\}/g)].map((m) => m[1])));
    for (const p of ['level', 'stage', 'blinds', 'ante', 'playersLeft', 'entries', 'avgStack', 'avgStackBB', 'prizePool', 'nextBreak', 'name', 'place', 'prize', 'bounty']) {
      assert.ok(used.has(p), `{${p}} has an example`);
    }
  });

  it('each example airs as written', () => {
    for (const { template, airs } of documentedRows()) assert.equal(renderTemplate(template, context), airs[0], template);
  });

  it('in a break: {stage} airs "Break"; a template naming {level}, {blinds} or {ante} writes nothing (the source keeps its last text)', () => {
    assert.equal(renderTemplate('{stage}', inBreak), 'Break');
    assert.equal(renderTemplate('[{level}][{blinds}][{ante}]', inBreak), null);
    assert.equal(renderTemplate('Level {level} · {blinds} · ante {ante}', inBreak), null);
    assert.equal(renderTemplate('Level {level} · {blinds}', { ...context, clock: { ...context.clock, current: { index: 3, n: 3, sb: 100, bb: 200, ms: 1 } } } as unknown as TemplateContext), 'Level 3 · 100 / 200');
  });

  it('outside a bust {name} {place} {prize} {bounty} have no value: nothing written, never " out in  for "', () => {
    const { name: _n, place: _p, prizeCents: _c, bountyCents: _b, ...noEvent } = context;
    assert.equal(renderTemplate('{name} out in {place} for {prize}', noEvent), null);
    assert.equal(renderTemplate('{name} won {bounty} in bounties', { ...context, bountyCents: 123_450 }), 'Anna Jansen won €1,234.50 in bounties');
  });

  it('the rules example of docs/OBS.md airs "Level 11 · 1,000 / 2,000 · ante 2,000"', () => {
    assert.equal(renderTemplate('Level {level} · {blinds} · ante {ante}', context), 'Level 11 · 1,000 / 2,000 · ante 2,000');
  });
});
