/**
 * Names never cut and never misspelled (docs/OVERLAYS.md "Names"): a player's name is drawn in
 * full, shrunk a pixel at a time while it overflows its box, down to NAME_FLOOR_PX; if it still
 * does not fit, his on-air name (protocol/on-air-name.ts) is tried the same way; only then is it
 * cut with an ellipsis (`data-fit="cut"`, which the producer's phone flags beforehand).
 *
 * The box says how many lines it has by its CSS: one line is `white-space: nowrap`, two are a
 * `max-height` of two line heights; either way `overflow: hidden`, so "does not fit" is the
 * box's scroll size against its client size, measured on the real glyphs of the loaded face.
 *
 * Usage: `<div class="name" ${fitName(full, short)}></div>` (the directive owns the element's
 * text), and the overlay root calls `fitNames(root)` after each render and when a font loads.
 */
import { noChange } from 'lit';
import { Directive, directive, PartType, type ElementPart, type PartInfo } from 'lit/directive.js';

/** The smallest a name may be drawn, in stage pixels (1080p). */
export const NAME_FLOOR_PX = 28;

/** Which text a box shows: the full name, the on-air name, or the on-air name cut. */
export type FitResult = 'full' | 'short' | 'cut';

class FitNameDirective extends Directive {
  constructor(part: PartInfo) {
    super(part);
    if (part.type !== PartType.ELEMENT) throw new Error('fitName() goes on an element: <span ${fitName(name, short)}>');
  }

  render(_full: string, _short: string) {
    return noChange;
  }

  override update(part: ElementPart, [full, short]: [string, string]) {
    const el = part.element as HTMLElement;
    if (el.dataset.full !== full || el.dataset.short !== short) {
      el.dataset.full = full;
      el.dataset.short = short;
      el.textContent = full;
      el.style.fontSize = '';
      el.dataset.fit = 'full';
      delete el.dataset.fitKey;
    }
    return noChange;
  }
}

/** Marks an element as a fitted name: `full` first, `short` (the on-air name) if it must. */
export const fitName = directive(FitNameDirective);

function fits(el: HTMLElement): boolean {
  return el.scrollWidth <= el.clientWidth + 0.5 && el.scrollHeight <= el.clientHeight + 0.5;
}

function fitOne(el: HTMLElement): void {
  if (el.getClientRects().length === 0) return; // not laid out (off air, display: none)
  const full = el.dataset.full ?? '';
  const short = el.dataset.short ?? '';
  // Refit only when what decides the fit changed: the texts or the room the box has.
  const key = `${full}\u0000${short}\u0000${el.parentElement?.clientWidth ?? 0}`;
  if (el.dataset.fitKey === key) return;
  el.dataset.fitKey = key;
  el.style.fontSize = '';
  el.dataset.fit = 'full';
  el.textContent = full;
  const base = parseFloat(getComputedStyle(el).fontSize);
  const floor = Math.min(base, NAME_FLOOR_PX);
  const sizes: number[] = [];
  for (let size = base; size > floor; size -= 1) sizes.push(size);
  sizes.push(floor);
  const texts: Array<[string, FitResult]> = short && short !== full ? [[full, 'full'], [short, 'short']] : [[full, 'full']];
  for (const [text, fit] of texts) {
    el.textContent = text;
    el.dataset.fit = fit;
    for (const size of sizes) {
      el.style.fontSize = size === base ? '' : `${size}px`;
      if (fits(el)) return;
    }
  }
  el.textContent = texts[texts.length - 1]![0];
  el.style.fontSize = `${floor}px`;
  el.dataset.fit = 'cut';
}

/** Fits every name under `root` (cheap when nothing changed: one width read per name). */
export function fitNames(root: ParentNode): void {
  for (const el of root.querySelectorAll<HTMLElement>('[data-full]')) fitOne(el);
}

/** Forgets every fit under `root` (a font arrived: the same text measures differently). */
export function refitNames(root: ParentNode): void {
  for (const el of root.querySelectorAll<HTMLElement>('[data-full]')) delete el.dataset.fitKey;
  fitNames(root);
}
