/**
 * The lobby's pages: as many tournaments as fit the board at a size a room reads (a running one
 * is one row, a finished one with its final table three), the next ones on the next page. The
 * page shown follows the clock (every PAGE_MS the next, the same on every TV at the same moment),
 * or stays on the one a screen pins (`?page=2`: a venue with a TV per page).
 */

/** Rows of the board on one page: 78u of height at 13u a row (the league panel leaves 40u: 3). */
export const ROWS_PER_PAGE = 6;
export const ROWS_WITH_LEAGUE = 3;
export const PAGE_MS = 12_000;

/** The items in order, packed into pages of at most `rows` rows (an item taller than a page has one of its own). */
export function paginate<T>(items: readonly T[], rowsOf: (item: T) => number, rows: number): T[][] {
  const pages: T[][] = [];
  let page: T[] = [];
  let used = 0;
  for (const item of items) {
    const n = rowsOf(item);
    if (page.length > 0 && used + n > rows) {
      pages.push(page);
      page = [];
      used = 0;
    }
    page.push(item);
    used += n;
  }
  if (page.length > 0) pages.push(page);
  return pages;
}

/** The page to show: the one pinned (1-based, from the address), else the clock's. */
export function pageIndex(pages: number, now: number, pinned: number | null): number {
  if (pages <= 1) return 0;
  if (pinned !== null && pinned >= 1) return Math.min(pinned, pages) - 1;
  return Math.floor(now / PAGE_MS) % pages;
}
