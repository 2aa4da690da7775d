/**
 * Players in and out as CSV (issue 27; the columns: docs/API.md "Players"). Parsed by csv-parse,
 * the parser of the node-csv project (already Riffle's, with csv-stringify for the results):
 * quoted fields with commas and line breaks, a byte-order mark, `;` from a European spreadsheet
 * (`delimiter` detected from the header), and each record's line in the file, so a bad row is
 * named by the line a spreadsheet shows.
 */
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { IMPORT_MAX_ROWS, PLAYER_CSV_COLUMNS, VENUE_PLAYER_ID, type ImportProblem } from '../protocol/players.js';
import { safeText } from '../routes/results.js';
import { checkInput, type CheckedInput } from './input.js';
import type { PlayerRow } from './store.js';

export type ImportRow = { line: number; id: string | null; input: CheckedInput };

export type ParsedImport =
  | { ok: true; rows: ImportRow[] }
  | { ok: false; code: 'invalid-csv'; message: string }
  | { ok: false; code: 'invalid-import'; message: string; problems: ImportProblem[]; rows: ImportRow[] };

const COLUMN_SET: ReadonlySet<string> = new Set(PLAYER_CSV_COLUMNS);

/** The rows of a CSV, checked; any bad row names its line and nothing is taken (all or nothing). */
export function parseImport(text: string): ParsedImport {
  const first = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const delimiter = (first.match(/;/g)?.length ?? 0) > (first.match(/,/g)?.length ?? 0) ? ';' : ',';
  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      delimiter,
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      skip_empty_lines: true,
      relax_column_count: false,
      info: true,
      to: IMPORT_MAX_ROWS + 1,
    }) as typeof records;
  } catch (err) {
    const e = err as { message?: string; lines?: number };
    return { ok: false, code: 'invalid-csv', message: `This is not a CSV file${e.lines ? ` (line ${e.lines})` : ''}: ${String(e.message ?? err).slice(0, 200)}` };
  }
  if (!records.length) return { ok: false, code: 'invalid-csv', message: 'The file has no rows under its header (the first line names the columns: name, nickname, country, ...).' };
  const columns = Object.keys(records[0]!.record);
  if (!columns.includes('name')) return { ok: false, code: 'invalid-csv', message: `The first line must name the columns, one of them "name"; it reads: ${first.slice(0, 80)}` };
  const unknown = columns.filter((c) => !COLUMN_SET.has(c));
  if (unknown.length) return { ok: false, code: 'invalid-csv', message: `Unknown columns: ${unknown.join(', ').slice(0, 120)} (the columns are ${PLAYER_CSV_COLUMNS.join(', ')}).` };
  if (records.length > IMPORT_MAX_ROWS) return { ok: false, code: 'invalid-csv', message: `At most ${IMPORT_MAX_ROWS} players a file; split it.` };
  const rows: ImportRow[] = [];
  const problems: ImportProblem[] = [];
  for (const { record, info } of records) {
    // info.lines: the line the record ends on (a quoted field may span lines).
    const line = info.lines;
    const { id = '', ...fields } = record;
    if (id && !VENUE_PLAYER_ID.test(id.trim())) {
      problems.push({ line, message: `id: "${id.slice(0, 20)}" is not a player id of this server (leave it empty for a new player).` });
      continue;
    }
    // Our own export wrote `'` before a leading = + - @ (CSV injection, results.ts safeText): taken off again.
    const checked = checkInput(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, (v ?? '').replace(/^'(?=[=+\-@\t\r])/, '')])));
    if (!checked.ok) problems.push({ line, message: checked.message });
    else if (!id && checked.value.name === undefined) problems.push({ line, message: 'name: is required' });
    else rows.push({ line, id: id.trim() || null, input: checked.value });
  }
  if (problems.length) return { ok: false, code: 'invalid-import', message: `${problems.length} line(s) are not valid: ${problems.slice(0, 3).map((p) => `line ${p.line}: ${p.message}`).join('; ')}${problems.length > 3 ? '; ...' : ''}. Nothing was imported.`, problems: problems.slice(0, 100), rows };
  return { ok: true, rows };
}

/** Every record as CSV, the import's columns (a file exported imports again, by id). */
export function exportCsv(rows: readonly PlayerRow[]): string {
  return stringify(
    rows.map((r) => [r.id, safeText(r.name), safeText(r.nickname ?? ''), r.country ?? '', safeText(r.email ?? ''), safeText(r.phone ?? ''), safeText(r.notes ?? '')]),
    { header: true, columns: [...PLAYER_CSV_COLUMNS] },
  );
}
