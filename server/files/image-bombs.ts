/**
 * What an image costs once decoded, checked before it is stored: a small file may decode to far
 * more than it looks (a 16×16 PNG whose compressed data inflates to 200 MB in 204 KB; a 4 KB
 * image of 2048×2048 pixels). Every screen that shows it (the stream's plates, a TV's logo)
 * decodes it, so the server refuses it rather than serving it to all of them.
 * - Pixels: width × height at most `maxArea` (decoded at 4 bytes a pixel).
 * - PNG: its image data is inflated, off the event loop (zlib on libuv's threads) and stopped
 *   one byte past what its header says the pixels need (filter bytes and Adam7 passes counted
 *   exactly); more is refused, less is damaged. Compressed text and colour-profile chunks are
 *   inflated to at most 1 MiB each.
 * - Animation (an APNG's `acTL`, a WebP's animation flag): refused, a still image is all a plate
 *   or a logo shows, and frames multiply the decoded size.
 */
import { inflate } from 'node:zlib';
import { promisify } from 'node:util';

const inflateAsync = promisify(inflate);
/** The most a PNG's compressed text or colour profile may inflate to. */
const ANCILLARY_MAX = 1024 * 1024;

export type BombCheck = { ok: true } | { ok: false; message: string; damaged?: true };

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const ADAM7 = [[0, 0, 8, 8], [4, 0, 8, 8], [0, 4, 4, 8], [2, 0, 4, 4], [0, 2, 2, 4], [1, 0, 2, 2], [0, 1, 1, 2]] as const;

/** Bytes the image data of a PNG inflates to: a filter byte and the packed pixels per row, per pass. */
export function pngDataBytes(width: number, height: number, bitDepth: number, colorType: number, interlaced: boolean): number {
  const bits = (CHANNELS[colorType] ?? 4) * bitDepth;
  const rows = (w: number, h: number) => (w > 0 && h > 0 ? h * (1 + Math.ceil((w * bits) / 8)) : 0);
  if (!interlaced) return rows(width, height);
  return ADAM7.reduce((sum, [x0, y0, dx, dy]) => sum + rows(Math.ceil((width - x0) / dx), Math.ceil((height - y0) / dy)), 0);
}

export async function checkDecodedSize(type: 'png' | 'jpg' | 'webp', bytes: Uint8Array, width: number, height: number, maxArea: number): Promise<BombCheck> {
  if (width * height > maxArea) return { ok: false, message: `The image is ${width}×${height} pixels, ${((width * height) / 1e6).toFixed(1)} million; at most ${(maxArea / 1e6).toFixed(1)} million (make it smaller first).` };
  if (type === 'webp') {
    // VP8X's flags byte (offset 20): bit 1 is animation.
    const tag = Buffer.from(bytes.subarray(12, 16)).toString('latin1');
    if (tag === 'VP8X' && bytes.length > 20 && (bytes[20]! & 0x02) !== 0) return { ok: false, message: 'Animated images are refused; use a still image.' };
    return { ok: true };
  }
  if (type !== 'png') return { ok: true };
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const data: Buffer[] = [];
  let header: { bitDepth: number; colorType: number; interlaced: boolean } | null = null;
  for (let at = 8; at + 12 <= view.length; ) {
    const length = view.readUInt32BE(at);
    const kind = view.toString('latin1', at + 4, at + 8);
    const body = view.subarray(at + 8, at + 8 + length);
    if (body.length < length) return { ok: false, message: 'This image could not be read (damaged or cut short).', damaged: true };
    if (kind === 'IHDR' && length >= 13) header = { bitDepth: body[8]!, colorType: body[9]!, interlaced: body[12] === 1 };
    else if (kind === 'IDAT') data.push(body);
    else if (kind === 'acTL') return { ok: false, message: 'Animated images are refused; use a still image.' };
    else if (kind === 'zTXt' || kind === 'iCCP' || kind === 'iTXt') {
      // zTXt, iCCP: a name, NUL, the method, the data. iTXt: a keyword, NUL, whether compressed,
      // the method, a language, NUL, a translated keyword, NUL, the text.
      const nul = body.indexOf(0);
      let from = -1;
      if (kind !== 'iTXt') from = nul + 2;
      else if (body[nul + 1] === 1) from = body.indexOf(0, body.indexOf(0, nul + 3) + 1) + 1;
      if (nul >= 0 && from > 0) {
        try {
          await inflateAsync(body.subarray(from), { maxOutputLength: ANCILLARY_MAX });
        } catch {
          return { ok: false, message: `The image's ${kind} chunk inflates to more than ${ANCILLARY_MAX / 1024} KiB, or is damaged.` };
        }
      }
    } else if (kind === 'IEND') break;
    at += 12 + length;
  }
  if (!header || data.length === 0) return { ok: false, message: 'This image could not be read (damaged or cut short).', damaged: true };
  const expected = pngDataBytes(width, height, header.bitDepth, header.colorType, header.interlaced);
  let inflated: Buffer;
  try {
    inflated = await inflateAsync(Buffer.concat(data), { maxOutputLength: expected + 1 });
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return { ok: false, message: `The image's data inflates to more than its ${width}×${height} pixels need (${expected} bytes): refused.` };
    return { ok: false, message: 'This image could not be read (damaged or cut short).', damaged: true };
  }
  if (inflated.length > expected) return { ok: false, message: `The image's data inflates to more than its ${width}×${height} pixels need (${expected} bytes): refused.` };
  if (inflated.length < expected) return { ok: false, message: 'This image could not be read (damaged or cut short).', damaged: true };
  return { ok: true };
}
