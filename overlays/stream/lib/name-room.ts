/**
 * How a name will air on the table plates, predicted where there is no overlay page (the
 * producer's phone): the plates are the narrowest place a name goes (a table of 10 shares
 * 1728 stage px), two lines of the bundled face at 700, never below NAME_FLOOR_PX. The same
 * order as lib/fit-name.ts: the full name, then the on-air name, then cut. The overlay itself
 * measures its real box; this mirrors the plate's CSS (riffle-overlay-table.styles.ts: 8 px
 * between plates, 10 px padding each side, at most 300 px) and the browser's line breaking
 * (at spaces, and after a hyphen).
 */
import { NAME_FLOOR_PX, type FitResult } from './fit-name.js';

/** The width a plate gives its name, in stage px, with `players` plates in the row. */
export function plateNameWidth(players: number): number {
  const n = Math.max(1, players);
  return Math.min(300, (1728 - 8 * (n - 1)) / n) - 20;
}

/** The lines `text` takes in `width` (breaking at spaces and after hyphens), or Infinity when one piece is wider. */
export function lineCount(text: string, width: number, measure: (text: string) => number): number {
  const pieces = text.trim().split(/(?<=-)|(?=\s)/u).filter((p) => p !== '');
  let lines = 0;
  let line = '';
  for (const piece of pieces) {
    const candidate = line + piece;
    if (line !== '' && measure(candidate.trimEnd()) > width + 0.5) {
      lines++;
      line = piece.trimStart();
    } else line = candidate;
    if (measure(line.trim()) > width + 0.5) return Infinity;
  }
  return lines + (line.trim() !== '' ? 1 : 0);
}

/** Whether the plate airs the full name, the on-air name, or the on-air name cut. */
export function plateFit(full: string, short: string, players: number, measure: (text: string) => number): FitResult {
  const width = plateNameWidth(players);
  if (lineCount(full, width, measure) <= 2) return 'full';
  return lineCount(short, width, measure) <= 2 ? 'short' : 'cut';
}

/** The CSS font the prediction measures with (the face the overlays bundle). */
export const PLATE_NAME_FONT = `700 ${NAME_FLOOR_PX}px "Riffle Display"`;
