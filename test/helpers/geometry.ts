/**
 * What a person sees, as geometry (test/browser): boxes inside the viewport, nothing scrolling
 * sideways, no two boxes overlapping. Screenshots are taken only when RIFFLE_SHOTS names a folder.
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The box of the first element of `selector`, which must be shown. */
export async function boxOf(page: Page, selector: string): Promise<Box> {
  const box = await page.locator(selector).first().boundingBox();
  assert.ok(box && box.width > 0 && box.height > 0, `${selector} is shown`);
  return box;
}

/** Each selector's box lies inside the viewport (half a pixel of rounding allowed). */
export async function assertInsideViewport(page: Page, selectors: readonly string[]): Promise<Record<string, Box>> {
  const view = page.viewportSize()!;
  const boxes: Record<string, Box> = {};
  for (const selector of selectors) {
    const b = await boxOf(page, selector);
    assert.ok(b.x >= -0.5 && b.y >= -0.5 && b.x + b.width <= view.width + 0.5 && b.y + b.height <= view.height + 0.5, `${selector} ${JSON.stringify(b)} leaves the ${view.width}x${view.height} screen`);
    boxes[selector] = b;
  }
  return boxes;
}

/** No two of the boxes share any area (touching edges do not count). */
export function assertNoOverlap(boxes: Record<string, Box>): void {
  const names = Object.keys(boxes);
  for (let i = 0; i < names.length; i++) {
    for (let j = i + 1; j < names.length; j++) {
      const a = boxes[names[i]!]!;
      const b = boxes[names[j]!]!;
      const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
      assert.ok(!overlap, `${names[i]} ${JSON.stringify(a)} and ${names[j]} ${JSON.stringify(b)} overlap`);
    }
  }
}

/** The page does not scroll sideways. */
export async function assertNoSidewaysScroll(page: Page): Promise<void> {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  assert.ok(scroll <= client, `the page scrolls sideways (${scroll} > ${client})`);
}

/** A screenshot for review, only when RIFFLE_SHOTS names a folder. */
export async function shot(page: Page, name: string): Promise<void> {
  const folder = process.env.RIFFLE_SHOTS;
  if (folder) await page.screenshot({ path: `${folder}/${name}.png` });
}
