/**
 * Players in and out as CSV (issue 27; the columns: docs/API.md "Players"). Parsed by csv-parse,
 * the parser of the node-csv project (already Riffle's, with csv-stringify for the results):
 * quoted fields with commas and line breaks, a byte-order mark, `;` from a European spreadsheet
 * (`delimiter` detected from the header), and each record's line in the file, so a bad row is
 * named by the line a spreadsheet shows.
 */
import { parse } from 'csv-parse';
import { stringify } from 'csv-stringify/sync';
import { IMPORT_MAX_ROWS, PLAYER_CSV_COLUMNS, VENUE_PLAYER_ID, type ImportProblem } from '../protocol/players.js';
import { safeCell, unmarkCell } from '../files/csv-cell.js';
import { checkInput, type CheckedInput } from './input.js';
import { inSlices, nextTurn } from './sliced.js';
import type { PlayerRow } from './store.js';

export type ImportRow = { line: number; id: string | null; input: CheckedInput };

export type ParsedImport =
  | { ok: true; rows: ImportRow[] }
  | { ok: false; code: 'invalid-csv'; message: string }
  | { ok: false; code: 'invalid-import'; message: string; problems: ImportProblem[]; rows: ImportRow[] };

const COLUMN_SET: ReadonlySet<string> = new Set(PLAYER_CSV_COLUMNS);

/** The text fed to the parser between two turns of the event loop. */
const PIECE = 16 * 1024;

type Parsed = { record: Record<string, string>; info: { lines: number } };

/**
 * The records of a CSV, parsed a piece at a time with the event loop's turn between two pieces
 * (a 2 MiB file took the loop for over 50 ms in one go).
 */
async function readRecords(text: string, delimiter: string): Promise<{ ok: true; records: Parsed[] } | { ok: false; message: string }> {
  const parser = parse({ bom: true, delimiter, columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()), skip_empty_lines: true, relax_column_count: false, info: true });
  const out: Parsed[] = [];
  let failed: { message?: string; lines?: number } | null = null;
  const ended = new Promise<void>((resolve) => parser.once('end', resolve));
  parser.on('readable', () => {
    for (let r: Parsed | null; (r = parser.read() as Parsed | null) !== null; ) out.push(r);
  });
  parser.on('error', (err) => (failed = err as typeof failed));
  for (let at = 0; at < text.length && !failed && out.length <= IMPORT_MAX_ROWS; at += PIECE) {
    parser.write(text.slice(at, at + PIECE));
    await nextTurn();
  }
  if (!failed && out.length <= IMPORT_MAX_ROWS) {
    parser.end();
    await Promise.race([ended, new Promise<void>((resolve) => parser.once('error', () => resolve()))]);
  } else parser.destroy();
  const e = failed as { message?: string; lines?: number } | null;
  if (e) return { ok: false, message: `This is not a CSV file${e.lines ? ` (line ${e.lines})` : ''}: ${String(e.message ?? e).slice(0, 200)}` };
  return { ok: true, records: out };
}

/** The rows of a CSV, checked; any bad row names its line and nothing is taken (all or nothing). */
export async function parseImport(text: string): Promise<ParsedImport> {
  const first = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const delimiter = (first.match(/;/g)?.length ?? 0) > (first.match(/,/g)?.length ?? 0) ? ';' : ',';
  const read = await readRecords(text, delimiter);
  if (!read.ok) return { ok: false, code: 'invalid-csv', message: read.message };
  const parsedRecords = read.records;
  if (!parsedRecords.length) return { ok: false, code: 'invalid-csv', message: 'The file has no rows under its header (the first line names the columns: name, nickname, country, ...).' };
  const columns = Object.keys(parsedRecords[0]!.record);
  if (!columns.includes('name')) return { ok: false, code: 'invalid-csv', message: `The first line must name the columns, one of them "name"; it reads: ${first.slice(0, 80)}` };
  const unknown = columns.filter((c) => !COLUMN_SET.has(c));
  if (unknown.length) return { ok: false, code: 'invalid-csv', message: `Unknown columns: ${unknown.join(', ').slice(0, 120)} (the columns are ${PLAYER_CSV_COLUMNS.join(', ')}).` };
  if (parsedRecords.length > IMPORT_MAX_ROWS) return { ok: false, code: 'invalid-csv', message: `At most ${IMPORT_MAX_ROWS} players a file; split it.` };
  const rows: ImportRow[] = [];
  const problems: ImportProblem[] = [];
  await inSlices(parsedRecords, ({ record, info }) => {
    // info.lines: the line the record ends on (a quoted field may span lines).
    const line = info.lines;
    const { id = '', ...fields } = record;
    if (id && !VENUE_PLAYER_ID.test(id.trim())) {
      problems.push({ line, message: `id: "${id.slice(0, 20)}" is not a player id of this server (leave it empty for a new player).` });
      return;
    }
    // Our own export marked what a spreadsheet would run as a formula (files/csv-cell.ts): unmarked again.
    const checked = checkInput(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, unmarkCell(v ?? '')])));
    if (!checked.ok) problems.push({ line, message: checked.message });
    else if (!id && checked.value.name === undefined) problems.push({ line, message: 'name: is required' });
    else rows.push({ line, id: id.trim() || null, input: checked.value });
  });
  if (problems.length) return { ok: false, code: 'invalid-import', message: `${problems.length} line(s) are not valid: ${problems.slice(0, 3).map((p) => `line ${p.line}: ${p.message}`).join('; ')}${problems.length > 3 ? '; ...' : ''}. Nothing was imported.`, problems: problems.slice(0, 100), rows };
  return { ok: true, rows };
}

/** Every record as CSV, the import's columns (a file exported imports again, by id). */
export function exportCsv(rows: readonly PlayerRow[]): string {
  // A record kept before its fields were checked as they are now may hold what no import takes
  // (a NUL, a control character, a lone surrogate): left out, so the file always imports again.
  const cell = (v: string | null) => safeCell((v ?? '').replace(/\p{Cs}|[\p{Cc}\u2028\u2029]/gu, (ch: string) => (ch === '\n' ? ch : '')));
  return stringify(
    rows.map((r) => [r.id, cell(r.name), cell(r.nickname), r.country ?? '', cell(r.email), cell(r.phone), cell(r.notes)]),
    { header: true, columns: [...PLAYER_CSV_COLUMNS] },
  );
}
