import sharp from 'sharp';

/** Profile pictures: at most 5 MB (spec §9) and 50 megapixels, so no upload can be a decompression bomb. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_IMAGE_PIXELS = 50_000_000;

export type ImageContentType = 'image/jpeg' | 'image/png' | 'image/webp';

export interface UploadedImage {
  contentType: ImageContentType;
  data: Buffer;
  width: number;
  height: number;
}

export type ImageRejection = 'too-large' | 'not-an-image' | 'too-many-pixels' | 'damaged';

export class ImageUploadError extends Error {
  constructor(readonly reason: ImageRejection) {
    super(reason);
  }
}

const DATA_URL = /^data:[^,;]*(?:;[^,;]*)*;base64,/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Decodes a `data:…;base64,…` URL and identifies the picture by its magic bytes and
 * header, ignoring the declared media type: a file named .png must really be one.
 */
export function parseImageDataUrl(dataUrl: string): UploadedImage {
  const prefix = DATA_URL.exec(dataUrl);
  if (!prefix) throw new ImageUploadError('not-an-image');
  const payload = dataUrl.slice(prefix[0].length);
  if (payload.length % 4 !== 0 || !BASE64.test(payload)) throw new ImageUploadError('not-an-image');
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  if ((payload.length / 4) * 3 - padding > MAX_IMAGE_BYTES) throw new ImageUploadError('too-large');
  return identifyImage(Buffer.from(payload, 'base64'));
}

export function identifyImage(data: Buffer): UploadedImage {
  if (data.length > MAX_IMAGE_BYTES) throw new ImageUploadError('too-large');
  const found = readPng(data) ?? readJpeg(data) ?? readWebp(data);
  if (!found || found.width < 1 || found.height < 1) throw new ImageUploadError('not-an-image');
  if (found.width * found.height > MAX_IMAGE_PIXELS) throw new ImageUploadError('too-many-pixels');
  return { ...found, data };
}

/**
 * Decodes the whole picture once (on libvips' threads, scaled down as it loads), so that a
 * truncated or corrupted file is refused at upload with 'damaged' rather than failing
 * whatever reads it later (the quality check, the document reader: a 500).
 */
export async function assertDecodable(image: UploadedImage): Promise<void> {
  try {
    await sharp(image.data, { failOn: 'truncated', limitInputPixels: MAX_IMAGE_PIXELS }).resize({ width: 64, height: 64, fit: 'inside' }).raw().toBuffer();
  } catch {
    throw new ImageUploadError('damaged');
  }
}

type Identified = Omit<UploadedImage, 'data'>;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function readPng(b: Buffer): Identified | undefined {
  if (b.length < 24 || !b.subarray(0, 8).equals(PNG_SIGNATURE) || b.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return { contentType: 'image/png', width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

function readJpeg(b: Buffer): Identified | undefined {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8 || b[2] !== 0xff) return undefined;
  let offset = 2;
  while (offset + 4 <= b.length) {
    if (b[offset] !== 0xff) return undefined;
    const marker = b[offset + 1];
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2; // markers without a length
      continue;
    }
    if (marker === 0xda || marker === 0xd9) return undefined; // image data before any frame header
    const length = b.readUInt16BE(offset + 2);
    const isFrameHeader = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrameHeader) {
      if (offset + 9 > b.length) return undefined;
      return { contentType: 'image/jpeg', height: b.readUInt16BE(offset + 5), width: b.readUInt16BE(offset + 7) };
    }
    if (length < 2) return undefined;
    offset += 2 + length;
  }
  return undefined;
}

function readWebp(b: Buffer): Identified | undefined {
  if (b.length < 30 || b.toString('latin1', 0, 4) !== 'RIFF' || b.toString('latin1', 8, 12) !== 'WEBP') return undefined;
  const chunk = b.toString('latin1', 12, 16);
  if (chunk === 'VP8 ') {
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return undefined;
    return { contentType: 'image/webp', width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    if (b[20] !== 0x2f) return undefined;
    const bits = b.readUInt32LE(21);
    return { contentType: 'image/webp', width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') {
    return { contentType: 'image/webp', width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
  }
  return undefined;
}
