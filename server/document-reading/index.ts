/**
 * Reading identity documents offline: image quality, the machine-readable zone
 * (tesseract.js with traineddata from node_modules) and the AAMVA PDF417 of a
 * driving licence (zxing-wasm from node_modules). Pure library, no Nest.
 */

/** Measures blur, glare, darkness and resolution of a photo and says what to fix. */
export { assessQuality, DEFAULT_QUALITY_THRESHOLDS, QUALITY_WORK_WIDTH } from './quality.js';
export type { QualityMeasures, QualityProblem, QualityReport, QualityThresholds } from './quality.js';

/** Locates, OCRs and check-digit-corrects the MRZ of a passport (TD3) or card (TD1). */
export { readMrz } from './mrz-reader.js';
export { readerModels } from './reader-models.js';
export type { MrzFields, MrzRead, ReadOptions } from './mrz-reader.js';

/** Field-by-field correction of raw MRZ lines with the check digits. */
export { correctMrz } from './mrz-text.js';
export type { Choice, Correction, DoubtfulCharacter, PhotoRegion } from './mrz-text.js';

/** The formats of ICAO 9303 and the states on ICAO's list. */
export { stateName } from './mrz-layouts.js';
export type { MrzFormat } from './mrz-layouts.js';

/** ICAO 9303 check digit. */
export { icaoCheckDigit } from './check-digit.js';

/** The process's tesseract worker: created on first read, terminated on shutdown. */
export { ocrWorker, terminateOcrWorker, TRAINEDDATA_DIR, MRZ_ALPHABET } from './ocr.js';

/** Decodes a licence's PDF417 and parses its AAMVA fields. */
export { readLicenceBarcode } from './barcode-reader.js';
export type { BarcodeRead } from './barcode-reader.js';

/** AAMVA payloads, and PDF417 encoding/decoding with zxing-wasm's node_modules WebAssembly. */
export { encodeAamva, parseAamva, AamvaFormatError } from './aamva.js';
export type { AamvaFields } from './aamva.js';
export { decodePdf417, encodePdf417, ZXING_WASM_PATH } from './zxing.js';
