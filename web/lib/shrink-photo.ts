/**
 * A photo as the phone's camera takes it (12 megapixels, 3-5 MB) is far over what the server
 * keeps (PHOTO_MAX_BYTES, PHOTO_MAX_AREA): the browser makes it smaller before it is sent, so the
 * TD can photograph a player at the desk. A plate shows a photo at 160 px; 800 px on its longer
 * side is sharp on any screen. A picture already within the limits is sent as it is (a PNG with
 * transparency keeps it); one the browser cannot decode is sent as it is too, and the server's
 * answer says why it is refused.
 */
import { PHOTO_MAX_AREA, PHOTO_MAX_BYTES, PHOTO_MAX_PIXELS } from '../../server/protocol/players.js';

const LONG_SIDE = 800;

export async function shrinkPhoto(file: Blob): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const { width, height } = bitmap;
    const fits = file.size <= PHOTO_MAX_BYTES && width <= PHOTO_MAX_PIXELS.width && height <= PHOTO_MAX_PIXELS.height && width * height <= PHOTO_MAX_AREA;
    if (fits) return file;
    const scale = Math.min(1, LONG_SIDE / Math.max(width, height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(width * scale));
    canvas.height = Math.max(1, Math.round(height * scale));
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    // JPEG at falling quality until it is within the byte limit (an 800 px photo is ~100 KB at 0.85).
    for (const quality of [0.85, 0.7, 0.5]) {
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
      if (blob && blob.size <= PHOTO_MAX_BYTES) return blob;
    }
    return file;
  } finally {
    bitmap.close();
  }
}
