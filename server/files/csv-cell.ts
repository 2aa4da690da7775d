/**
 * A text cell of an export that a spreadsheet would run as a formula is neutralised as OWASP's
 * CSV-injection guidance says: a `'` before it, so it shows as the text typed. Not only at the
 * cell's start: a spreadsheet in nl, de, da or hr splits a line on `;` (our files use `,`, which
 * it leaves alone), and any program may split on a tab, so `Carl;@SUM(A1)` is two cells there,
 * the second a live formula. So every piece of the text that would start a cell in some
 * language's split (the start, and after `;`, `,`, a tab or a line break) gets its `'` when it
 * starts, after spaces and quotes (`"=1+1"` opens as a formula too), with `=`, `+`, `-`, `@`
 * (or their full-width forms), a tab or a carriage return.
 *
 * The marking is undone exactly by `unmarkCell` (the players import reads the export back): a
 * `'` is added only where the rest would start such a piece, and a `'` is itself one of the
 * characters skipped before the trigger, so text that already had one there gets one more.
 */

const TRIGGER = "[ \\u00a0\"']*[=+\\-@\\t\\r\\uFF1D\\uFF0B\\uFF0D\\uFF20]";
// Looked behind, not taken: a separator that itself starts a marked piece (a cell beginning
// with a carriage return) still marks the piece after it.
const MARK = new RegExp(`(?<=^|[;,\\t\\r\\n])(?=${TRIGGER})`, 'g');
const MARKED = new RegExp(`(?<=^|[;,\\t\\r\\n])'(?=${TRIGGER})`, 'g');

/** The text as an export writes it: a `'` before every piece a spreadsheet would read as a formula. */
export function safeCell(value: string): string {
  return value.replace(MARK, "'");
}

/** What `safeCell` wrote, as it was. */
export function unmarkCell(value: string): string {
  return value.replace(MARKED, '');
}
