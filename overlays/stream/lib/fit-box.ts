/**
 * Every text fits its box: a box of several cells (the clock bug) that overflows its room takes
 * its compact steps one by one (`data-compact="1"`, `"2"`, …, up to `data-compact-max`) until it
 * fits: its CSS says what each step does (tighter cells, then numbers the poker way, then the
 * least needed cell left out), never a text cut. Measured after every render; the steps are CSS
 * only, so they apply before the frame is painted.
 *
 * What the box shows is its `data-fit-key` (the texts that decide its width, not a running
 * clock): while that stays the same the step found is kept.
 */
export function fitBoxes(root: ParentNode): void {
  for (const box of root.querySelectorAll<HTMLElement>('[data-compact-max]')) {
    if (box.getClientRects().length === 0) continue;
    const key = `${box.dataset.fitKey ?? ''}\u0000${box.parentElement?.clientWidth ?? 0}`;
    if (box.dataset.fitted === key) continue;
    box.dataset.fitted = key;
    const max = Number(box.dataset.compactMax) || 0;
    let step = 0;
    box.dataset.compact = '0';
    while (box.scrollWidth > box.clientWidth + 0.5 && step < max) box.dataset.compact = String(++step);
  }
}

/** Forgets every box's step (a font arrived: the same texts measure differently). */
export function refitBoxes(root: ParentNode): void {
  for (const box of root.querySelectorAll<HTMLElement>('[data-compact-max]')) delete box.dataset.fitted;
  fitBoxes(root);
}
