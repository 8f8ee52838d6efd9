import sharp from 'sharp';
import { AamvaFormatError, parseAamva, type AamvaFields } from './aamva.js';
import { decodePdf417 } from './zxing.js';

/** A licence barcode read and parsed, or unreadable with the reason. */
export type BarcodeRead = { readable: true; payload: string; fields: AamvaFields } | { readable: false; reason: string };

/** Decodes the PDF417 on a licence's back (EXIF-rotated, greyscale) and parses its AAMVA fields. */
export async function readLicenceBarcode(image: Buffer): Promise<BarcodeRead> {
  const { data, info } = await sharp(image).rotate().greyscale().raw().toBuffer({ resolveWithObject: true });
  const payload = await decodePdf417(new Uint8Array(data.buffer, data.byteOffset, data.length), info.width, info.height);
  if (payload === null) return { readable: false, reason: 'no PDF417 barcode could be decoded' };
  try {
    return { readable: true, payload, fields: parseAamva(payload) };
  } catch (error) {
    if (error instanceof AamvaFormatError) return { readable: false, reason: `the barcode is not an AAMVA licence: ${error.message}` };
    throw error;
  }
}
