import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '../../../config/constants';

/** Photos are sent no larger than this on their longer side: sharp enough to read, small enough to send. */
export const MAX_PHOTO_SIDE = 2000;
export const JPEG_QUALITY = 0.85;

export class PhotoError extends Error {
  override readonly name = 'PhotoError';
}

export const UNSUPPORTED_FILE_MESSAGE = 'Please choose a JPEG, PNG or WebP image.';
export const UNREADABLE_FILE_MESSAGE = 'This file could not be opened as an image. Please choose another photo.';
export const TOO_LARGE_MESSAGE = 'This photo is too large even after resizing. Please choose a smaller one.';

type Drawable = CanvasImageSource & { readonly width: number; readonly height: number };

/** Bytes of a base64 data URL's payload. */
export function dataUrlBytes(dataUrl: string): number {
  const payload = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  return (payload.length / 4) * 3 - padding;
}

/** The size that fits `maxSide`, keeping the aspect ratio. */
export function fitWithin(width: number, height: number, maxSide = MAX_PHOTO_SIDE) {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * Draws the picture on a canvas at most MAX_PHOTO_SIDE wide or high and encodes it as a
 * JPEG; on the rare photo still over 5 MB it tries lower quality, then a smaller size.
 */
export function encodeJpeg(source: CanvasImageSource, sourceWidth: number, sourceHeight: number): string {
  for (const [maxSide, quality] of [
    [MAX_PHOTO_SIDE, JPEG_QUALITY],
    [MAX_PHOTO_SIDE, 0.7],
    [1600, 0.7],
    [1200, 0.6],
  ] as const) {
    const { width, height } = fitWithin(sourceWidth, sourceHeight, maxSide);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new PhotoError(UNREADABLE_FILE_MESSAGE);
    // JPEG has no transparency: a transparent PNG would otherwise turn black.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    context.drawImage(source, 0, 0, width, height);
    const dataUrl = canvas.toDataURL('image/jpeg', quality);
    if (dataUrlBytes(dataUrl) <= IMAGE_MAX_BYTES) return dataUrl;
  }
  throw new PhotoError(TOO_LARGE_MESSAGE);
}

async function decodeFile(file: File): Promise<Drawable> {
  if (typeof createImageBitmap === 'function') {
    try {
      // Phones store portrait photos sideways with an EXIF orientation; respect it.
      return await createImageBitmap(file, { imageOrientation: 'from-image' });
    } catch {
      // Some browsers cannot decode every format into a bitmap: fall back to an <img>.
    }
  }
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return image;
  } catch {
    throw new PhotoError(UNREADABLE_FILE_MESSAGE);
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** A chosen file, checked and downscaled to a JPEG data URL ready to upload. */
export async function prepareImageFile(file: File): Promise<string> {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) throw new PhotoError(UNSUPPORTED_FILE_MESSAGE);
  const image = await decodeFile(file);
  try {
    return encodeJpeg(image, image.width, image.height);
  } finally {
    if ('close' in image && typeof image.close === 'function') image.close();
  }
}

/** The camera's current frame as a JPEG data URL. */
export function captureVideoFrame(video: HTMLVideoElement): string {
  if (video.videoWidth === 0 || video.videoHeight === 0) throw new PhotoError('The camera is not ready yet.');
  return encodeJpeg(video, video.videoWidth, video.videoHeight);
}
