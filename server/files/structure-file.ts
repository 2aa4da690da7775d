/**
 * Structures as files, to keep them between nights and to share them: JSON (Riffle's own
 * shape, one item per line) and CSV (a spreadsheet's columns). A structure exported and
 * imported again is the same structure; a file that is not a structure is refused with the
 * line that is wrong.
 *
 * csv-stringify writes and csv-parse reads (the same node-csv project): quoting, BOMs, CRLF
 * line ends and line counting done by a parser that has seen every spreadsheet's CSV.
 */
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { z } from 'zod';
import { structureIssues, type StructureIssueCode, type StructureItem } from '../engine/structure.js';
import { breakSchema, levelSchema } from '../engine/schemas/tournament.js';
import { STRUCTURE_MAX_ITEMS } from '../protocol/tournament.js';

export type StructureFormat = 'json' | 'csv';

/** The CSV columns, in order. */
export const CSV_COLUMNS = ['kind', 'small_blind', 'big_blind', 'ante', 'ante_type', 'minutes', 'color_up'] as const;

export const FILE_FORMAT = 'riffle-structure';

/**
 * What is wrong with a file, for screens that say it in their own language: the file's own
 * problems, or a structure problem (StructureIssueCode) at a line.
 */
export type StructureFileCode =
  | 'file-not-json'
  | 'file-not-csv'
  | 'file-no-structure'
  | 'file-bad-column'
  | 'file-bad-number'
  | 'file-bad-kind'
  | 'file-bad-item'
  | 'file-empty'
  | 'file-too-long'
  | StructureIssueCode;

export class StructureFileError extends Error {
  constructor(
    message: string,
    /** 1-based line of the file, or null when the file as a whole is wrong. */
    readonly line: number | null,
    readonly code: StructureFileCode = 'file-bad-item',
    /** Values for the text: the column concerned, the structure item. */
    readonly values: Record<string, number | string> = {},
  ) {
    super(message);
    this.name = 'StructureFileError';
  }
}

// ---------------------------------------------------------------------------------------------
// Export

export function exportStructure(structure: readonly StructureItem[], format: StructureFormat): string {
  if (format === 'json') {
    // One item per line: a diff shows the level that changed, and errors can name their line.
    const items = structure.map((item) => `    ${JSON.stringify(item)}`).join(',\n');
    return `{\n  "format": "${FILE_FORMAT}",\n  "version": 1,\n  "structure": [\n${items}\n  ]\n}\n`;
  }
  const rows = structure.map((item) =>
    item.kind === 'level'
      ? ['level', item.smallBlind, item.bigBlind, item.ante, item.anteType, item.minutes, '']
      : ['break', '', '', '', '', item.minutes, item.colorUp?.denomination ?? ''],
  );
  return stringify(rows, { header: true, columns: [...CSV_COLUMNS] });
}

// ---------------------------------------------------------------------------------------------
// Import

const itemSchema = z.discriminatedUnion('kind', [levelSchema, breakSchema]);

function describe(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      if (issue.code === 'unrecognized_keys') return `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
      const path = issue.path.join('.');
      return path ? `"${path}" ${issue.message}` : issue.message;
    })
    .join('; ');
}

/**
 * Lines (1-based) where each item starts in `items`, found by where each `"kind"` key is, for
 * the first `count` items. One pass over the text: each key's line is counted on from the last
 * key's (issue 21: counting every line again from the start per key made 64 KiB of `"kind":`
 * keys cost 340 ms of one thread, for anyone on the Wi-Fi).
 */
function jsonItemLines(text: string, count: number): number[] {
  const lines: number[] = [];
  const re = /"kind"\s*:/g;
  let line = 1;
  let counted = 0;
  for (let m = re.exec(text); m && lines.length < count; m = re.exec(text)) {
    line += newlinesBetween(text, counted, m.index);
    counted = m.index;
    lines.push(line);
  }
  return lines;
}

/** Line breaks in text[from, to). */
function newlinesBetween(text: string, from: number, to: number): number {
  let n = 0;
  for (let at = text.indexOf('\n', from); at !== -1 && at < to; at = text.indexOf('\n', at + 1)) n++;
  return n;
}

function lineOfPosition(text: string, position: number): number {
  return 1 + newlinesBetween(text, 0, position);
}

function importJson(text: string): { structure: StructureItem[]; lines: number[] } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const at = /position (\d+)/.exec(message);
    const lineCol = /line (\d+)/.exec(message);
    const line = lineCol ? Number(lineCol[1]) : at ? lineOfPosition(text, Number(at[1])) : null;
    throw new StructureFileError(`${line ? `Line ${line}: ` : ''}this is not valid JSON (${message}).`, line, 'file-not-json');
  }
  const items = Array.isArray(value) ? value : (value as { structure?: unknown } | null)?.structure;
  if (!Array.isArray(items)) throw new StructureFileError('Line 1: this JSON is not a structure: it has no "structure" list of levels and breaks.', 1, 'file-no-structure');
  // One item past the cap is enough to refuse the file at its line (tooLong); no more are read.
  const lines = jsonItemLines(text, STRUCTURE_MAX_ITEMS + 1);
  if (items.length > STRUCTURE_MAX_ITEMS) tooLong(lines);
  const structure = items.map((raw, i) => {
    const parsed = itemSchema.safeParse(raw);
    const line = lines[i] ?? null;
    if (!parsed.success) throw new StructureFileError(`${line ? `Line ${line}` : `Item ${i + 1}`}: ${describe(parsed.error)}.`, line, 'file-bad-item');
    return parsed.data as StructureItem;
  });
  return { structure, lines };
}

/** Column names as spreadsheets write them: "Small blind", "small-blind", "SMALL_BLIND". */
function normaliseHeader(name: string): string {
  return name.trim().toLowerCase().replace(/[\s-]+/g, '_');
}

function importCsv(text: string): { structure: StructureItem[]; lines: number[] } {
  // The header first: a file of thousands of columns is refused before the parser reads it.
  const header = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const columns = header.split(',').map((c) => normaliseHeader(c.replace(/^"|"$/g, '')));
  for (const required of ['kind', 'minutes']) {
    if (!columns.includes(required)) throw new StructureFileError(`Line 1: this CSV is not a structure: the header needs the columns ${CSV_COLUMNS.join(', ')} (missing "${required}").`, 1, 'file-no-structure');
  }
  const unknown = columns.filter((c) => c && !(CSV_COLUMNS as readonly string[]).includes(c));
  if (unknown.length) {
    const named = `${unknown.slice(0, 5).map((c) => `"${c.slice(0, 40)}"`).join(', ')}${unknown.length > 5 ? ` and ${unknown.length - 5} more` : ''}`;
    throw new StructureFileError(`Line 1: unknown column${unknown.length > 1 ? 's' : ''} ${named}; the columns are ${CSV_COLUMNS.join(', ')}.`, 1, 'file-bad-column', { column: unknown[0]! });
  }
  const seen = new Set<string>();
  const twice = columns.find((c) => c && (seen.has(c) || !seen.add(c)));
  if (twice) throw new StructureFileError(`Line 1: the column "${twice.slice(0, 40)}" is there twice.`, 1, 'file-bad-column', { column: twice });
  let records: Array<{ record: Record<string, string>; info: { lines: number } }>;
  try {
    records = parse(text, {
      bom: true,
      columns: (header: string[]) => header.map(normaliseHeader),
      skip_empty_lines: true,
      trim: true,
      info: true,
      // One record past the cap is enough to refuse the file (tooLong); the rest is not parsed.
      to: STRUCTURE_MAX_ITEMS + 1,
    }) as typeof records;
  } catch (err) {
    const e = err as { message?: string; lines?: number };
    const line = typeof e.lines === 'number' ? e.lines : null;
    throw new StructureFileError(`${line ? `Line ${line}: ` : ''}this is not valid CSV (${e.message ?? String(err)}).`, line, 'file-not-csv');
  }
  if (records.length > STRUCTURE_MAX_ITEMS) tooLong(records.map(({ info }) => info.lines));
  const lines: number[] = [];
  const structure = records.map(({ record, info }) => {
    const line = info.lines;
    lines.push(line);
    const fail = (message: string, code: StructureFileCode = 'file-bad-item', values: Record<string, string> = {}): never => {
      throw new StructureFileError(`Line ${line}: ${message}`, line, code, values);
    };
    const number = (column: string, fallback: number | null): number | null => {
      const raw = record[column] ?? '';
      if (raw === '') return fallback;
      // Spreadsheets may write 1,000 or 1.000 as thousands: digits only, so "1,5" is refused.
      const n = Number(raw.replace(/[\s,.](?=\d{3}(\D|$))/g, ''));
      if (!Number.isFinite(n)) fail(`${column} "${raw.slice(0, 20)}" is not a number.`, 'file-bad-number', { column });
      return n;
    };
    const kind = (record.kind ?? '').toLowerCase();
    let raw: Record<string, unknown>;
    if (kind === 'level') {
      raw = {
        kind,
        smallBlind: number('small_blind', null),
        bigBlind: number('big_blind', null),
        ante: number('ante', 0),
        anteType: (record.ante_type || 'none').toLowerCase(),
        minutes: number('minutes', null),
      };
    } else if (kind === 'break') {
      const colorUp = number('color_up', null);
      raw = { kind, minutes: number('minutes', null), colorUp: colorUp === null ? null : { denomination: colorUp } };
    } else {
      return fail(`kind "${(record.kind ?? '').slice(0, 20)}" is neither "level" nor "break".`, 'file-bad-kind');
    }
    const parsed = itemSchema.safeParse(Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== null || raw.kind === 'break')));
    if (!parsed.success) fail(`${describe(parsed.error).replace(/"smallBlind"/, 'small_blind').replace(/"bigBlind"/, 'big_blind').replace(/"anteType"/, 'ante_type').replace(/"colorUp(\.denomination)?"/, 'color_up')}.`);
    return parsed.data as StructureItem;
  });
  if (structure.length === 0) throw new StructureFileError('Line 2: the file has no levels.', 2, 'file-empty');
  return { structure, lines };
}

/** Refuses a file of more items than a structure holds, at the line of the first one too many. */
function tooLong(lines: readonly number[]): never {
  const line = lines[STRUCTURE_MAX_ITEMS] ?? 1;
  throw new StructureFileError(`Line ${line}: a structure has at most ${STRUCTURE_MAX_ITEMS} levels and breaks.`, line, 'file-too-long');
}

/**
 * Reads a structure file. Throws StructureFileError naming the line when the file is not a
 * structure, or when its structure is unplayable (structureIssues, at the item's line).
 */
export function importStructure(text: string, format: StructureFormat): StructureItem[] {
  const { structure, lines } = format === 'json' ? importJson(text) : importCsv(text);
  const issue = structureIssues(structure)[0];
  if (issue) {
    const line = issue.index === null ? null : (lines[issue.index] ?? null);
    throw new StructureFileError(line ? `Line ${line}: ${issue.message}` : issue.message, line, issue.code, issue.values ?? {});
  }
  return structure;
}

/** The format a file name or content suggests: `.csv` or a first character that is not `{`/`[`. */
export function guessFormat(text: string, fileName?: string): StructureFormat {
  if (fileName?.toLowerCase().endsWith('.csv')) return 'csv';
  if (fileName?.toLowerCase().endsWith('.json')) return 'json';
  return /^\s*[[{]/.test(text.replace(/^\uFEFF/, '')) ? 'json' : 'csv';
}
