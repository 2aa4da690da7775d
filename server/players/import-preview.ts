/**
 * An import's preview (docs/API.md "Players"): the rows of a parsed file as the TD reads them
 * before importing, line by line: who is added, whose record changes, which lines are refused
 * and for which column. Changes nothing; the import itself checks the same rows again.
 */
import { PLAYER_CSV_COLUMNS, type ImportPreview, type PlayerCsvColumn } from '../protocol/players.js';
import type { ParsedImport } from './csv.js';
import type { PlayerRow } from './store.js';

const COLUMNS: ReadonlySet<string> = new Set(PLAYER_CSV_COLUMNS);

export function importPreview(parsed: Extract<ParsedImport, { rows: unknown }>, record: (id: string) => PlayerRow | undefined): ImportPreview {
  const preview: ImportPreview = { ok: true, preview: true, add: [], update: [], refused: [] };
  for (const problem of parsed.ok ? [] : parsed.problems) preview.refused.push(withColumn(problem.line, problem.message));
  for (const row of parsed.rows) {
    if (row.id === null) {
      preview.add.push({ line: row.line, name: row.input.name! });
      continue;
    }
    const known = record(row.id);
    if (known) preview.update.push({ line: row.line, id: known.id, name: row.input.name ?? known.name });
    else preview.refused.push(withColumn(row.line, `id: no player ${row.id} here (erased, or from another server); leave it empty for a new player.`));
  }
  preview.refused.sort((a, b) => a.line - b.line);
  preview.refused.splice(100);
  return preview;
}

/** The checks' messages start with the column they are about ("country: ..."). */
function withColumn(line: number, message: string): ImportPreview['refused'][number] {
  const column = /^([a-z]+):/.exec(message)?.[1];
  return column && COLUMNS.has(column) ? { line, message, column: column as PlayerCsvColumn } : { line, message };
}
