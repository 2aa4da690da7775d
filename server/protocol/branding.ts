/**
 * A tournament's branding for the stream overlays (issue 24, docs/OVERLAYS.md "Branding"): the
 * event's colours, its logo and a sponsor's. Set by the TD or the producer
 * (`PUT /api/tournaments/:id/branding/...`, docs/API.md), read by every overlay.
 */

export const BRANDING_SLOTS = ['logo', 'sponsor'] as const;
export type BrandingSlot = (typeof BRANDING_SLOTS)[number];

/** The colours a streamer sets from the phone; each a custom property of every overlay. */
export const BRANDING_COLORS = {
  accent: '--riffle-overlay-accent',
  background: '--riffle-overlay-bg',
  text: '--riffle-overlay-text',
} as const;
export type BrandingColor = keyof typeof BRANDING_COLORS;

/** `#rrggbb`: nothing else reaches a style sheet. */
export const COLOR_PATTERN = /^#[0-9a-f]{6}$/i;

/** An image's limits: a logo on a 1920×1080 stage needs no more. */
export const BRANDING_MAX_BYTES = 512 * 1024;
export const BRANDING_MAX_PIXELS = { width: 2048, height: 2048 } as const;
/** Pixels in all (a 1920×1080 sponsor fits): every screen showing it decodes it at 4 bytes a pixel. */
export const BRANDING_MAX_AREA = 2 * 1024 * 1024;
/** PNG, JPEG and WebP only: an SVG can carry script. */
export const BRANDING_TYPES = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' } as const;

export interface BrandingView {
  colors: Partial<Record<BrandingColor, string>>;
  /** Same-origin URLs with the image's hash (cached for good), or absent. */
  logo?: string;
  sponsor?: string;
}
