// Run with the network refused (node --require test/support/refuse-network.cjs): renders a
// passport and a licence, reads both with the built library (tesseract, the PaddleOCR recogniser on
// onnxruntime-node, zxing) and prints the reads as JSON.
import { fakeApplicant } from '../../dist/server/fake-data/fake-applicant.js';
import { renderFakeDocument } from '../../dist/server/fake-data/fake-documents.js';
import { readLicenceBarcode, readMrz, terminateOcrWorker } from '../../dist/server/document-reading/index.js';

const [passportIndex, licenceIndex] = process.argv.slice(2).map(Number);
const now = new Date('2026-06-01T00:00:00Z');
const passport = await renderFakeDocument(fakeApplicant(passportIndex, { seed: 'document-reading', now }));
const licence = await renderFakeDocument(fakeApplicant(licenceIndex, { seed: 'document-reading', now }));
const mrz = await readMrz(passport.pages[0].png);
const barcode = await readLicenceBarcode(licence.pages[1].png);
await terminateOcrWorker();
console.log(JSON.stringify({ mrz, truth: passport.mrz, barcode, barcodeTruth: licence.barcode }));
