/**
 * An uploaded image checked before it is stored (branding images, issue 24; player photos,
 * issue 27): the type sniffed from the bytes (PNG, JPEG, WebP; an SVG is refused: it can carry
 * script, and a declared content-type is never trusted), the bytes and the pixels capped, and
 * the header read by `image-size` (a damaged or cut-short file is refused), and what it decodes
 * to bounded (./image-bombs.ts: pixels in all, a PNG's inflated data, no animation).
 */
import { createHash } from 'node:crypto';
import { imageSize } from 'image-size';
import type { ErrorBody } from '../protocol/errors.js';
import { checkDecodedSize } from './image-bombs.js';

export const IMAGE_TYPES = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' } as const;

/** The image's type from its first bytes (magic numbers), or null. */
export function sniffImage(bytes: Uint8Array): keyof typeof IMAGE_TYPES | 'svg' | null {
  const at = (i: number, ...b: number[]) => b.every((v, k) => bytes[i + k] === v);
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (at(0, 0xff, 0xd8, 0xff)) return 'jpg';
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'webp';
  const head = Buffer.from(bytes.subarray(0, 512)).toString('utf8').trimStart().toLowerCase();
  if (head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg')) || head.includes('<svg')) return 'svg';
  return null;
}

export type ImageCheck =
  | { ok: true; mime: string; width: number; height: number; hash: string }
  | { ok: false; status: 413 | 415; error: ErrorBody };

/** `hash`: the SHA-256 of the bytes, hex, the first 32 characters (the URL's cache key). */
export async function checkImage(bytes: Uint8Array, maxBytes: number, maxPixels: { width: number; height: number }, maxArea: number): Promise<ImageCheck> {
  if (bytes.length > maxBytes) return { ok: false, status: 413, error: { code: 'image-too-large', message: `The image is ${Math.ceil(bytes.length / 1024)} KiB; at most ${maxBytes / 1024} KiB.` } };
  const type = sniffImage(bytes);
  if (type === 'svg') return { ok: false, status: 415, error: { code: 'image-svg-refused', message: 'SVG images are refused (they can carry script); use PNG, JPEG or WebP.' } };
  if (type === null) return { ok: false, status: 415, error: { code: 'not-an-image', message: 'This is not a PNG, JPEG or WebP image.' } };
  const damaged = { ok: false, status: 415, error: { code: 'not-an-image', message: 'This image could not be read (damaged or cut short).' } } as const;
  let size: { width?: number; height?: number };
  try {
    size = imageSize(bytes);
  } catch {
    return damaged;
  }
  const { width = 0, height = 0 } = size;
  if (width < 1 || height < 1) return damaged;
  if (width > maxPixels.width || height > maxPixels.height) {
    return { ok: false, status: 413, error: { code: 'image-too-large', message: `The image is ${width}×${height} pixels; at most ${maxPixels.width}×${maxPixels.height}.` } };
  }
  const decoded = await checkDecodedSize(type, bytes, width, height, maxArea);
  if (!decoded.ok) return decoded.damaged ? damaged : { ok: false, status: 413, error: { code: 'image-too-large', message: decoded.message } };
  return { ok: true, mime: IMAGE_TYPES[type], width, height, hash: createHash('sha256').update(bytes).digest('hex').slice(0, 32) };
}
