import { createCanvas, loadImage, type Canvas, type Image, type SKRSContext2D } from '@napi-rs/canvas';
import { encodeAamva, type AamvaFields } from '../document-reading/aamva.js';
import { encodePdf417 } from '../document-reading/zxing.js';
import { td1Lines, td3Lines, toMrzText, type MrzPerson } from './check-digits.js';
import { documentFonts } from './document-fonts.js';
import { countryProfile, type FakeApplicant } from './fake-applicant.js';
import { hashSeed, Random } from './random.js';

/** Pixels per millimetre of a rendered document (about 254 dpi). */
const PX_PER_MM = 10;
/** ICAO 9303: MRZ characters sit on a 2.54 mm pitch, lines 4.23 mm apart. */
const MRZ_PITCH_MM = 2.54;
const MRZ_LINE_MM = 4.23;

/** One side of a rendered document, as a PNG. */
export interface FakeDocumentPage {
  side: 'front' | 'back';
  png: Buffer;
  width: number;
  height: number;
}

/** A drawn document (its sides still canvases), the applicant's selfie and the ground truth printed on the document. */
export interface DrawnDocument {
  documentType: 'PASSPORT' | 'ID_CARD' | 'RESIDENCE_PERMIT' | 'DRIVERS';
  pages: { side: 'front' | 'back'; canvas: Canvas }[];
  /** Draws the same person as on the document, photographed on their own. */
  selfie: () => Canvas;
  /** The machine-readable zone's lines, or null for a licence. */
  mrz: string[] | null;
  /** The PDF417 payload on a licence's back, or null. */
  barcode: string | null;
  /** The font the machine-readable zone is set in. */
  mrzFont: string;
}

/** A rendered document and the ground truth printed on it. */
export interface FakeDocument {
  documentType: DrawnDocument['documentType'];
  pages: FakeDocumentPage[];
  /** The machine-readable zone's lines, or null for a licence. */
  mrz: string[] | null;
  /** The PDF417 payload on a licence's back, or null. */
  barcode: string | null;
  /** The font the machine-readable zone is set in. */
  mrzFont: string;
}

const SCHEMES: Record<string, { paper: string; band: string; accent: string; title: string }> = {
  PASSPORT: { paper: '#eef2f7', band: '#1d3a6e', accent: '#c3d0e6', title: 'PASSPORT / PASSEPORT' },
  ID_CARD: { paper: '#eef6f0', band: '#1f6e43', accent: '#c9e2d1', title: 'IDENTITY CARD / CARTE D’IDENTITÉ' },
  RESIDENCE_PERMIT: { paper: '#f5f1fa', band: '#553c9a', accent: '#dacfee', title: 'RESIDENCE PERMIT / TITRE DE SÉJOUR' },
  DRIVERS: { paper: '#fbf1f4', band: '#9b2c4f', accent: '#efd0db', title: 'DRIVING LICENCE / PERMIS DE CONDUIRE' },
};

const SKIN = ['#f1c27d', '#e0ac69', '#c68642', '#8d5524', '#ffdbac', '#a56b3f'];
const HAIR = ['#2c1b10', '#4a2f1b', '#8a5a2b', '#d6b370', '#111111', '#7d7d7d'];
const SHIRTS = ['#3b5b92', '#5b8c5a', '#8c3b3b', '#444444', '#c9a227', '#6a4c93'];
const INK = '#1f2933';
const LABEL = '#5b6775';

/** How a document is drawn: see drawFakeDocument. */
export interface FakeDocumentOptions {
  /** Photographed with a thumb over the machine-readable zone or barcode. */
  thumb?: boolean;
  /**
   * A photo of a face (JPEG, PNG, WebP…) printed in the portrait area of the front instead
   * of the drawn portrait: scaled to cover the area, centred, cropped to it and faded as
   * a print. Without it the document is drawn exactly as before.
   */
  face?: Buffer;
}

/**
 * Renders a submitted fake applicant's document as it would be photographed flat:
 * a passport data page (TD3), an identity card or residence permit (TD1, MRZ on the
 * back) or a driving licence (AAMVA PDF417 on the back), each side as a PNG.
 * Deterministic per applicant (and face photo).
 */
export async function renderFakeDocument(applicant: FakeApplicant, options: Pick<FakeDocumentOptions, 'face'> = {}): Promise<FakeDocument> {
  const { documentType, pages, mrz, barcode, mrzFont } = await drawFakeDocument(applicant, options);
  return {
    documentType,
    mrz,
    barcode,
    mrzFont,
    pages: await Promise.all(pages.map(async ({ side, canvas }) => ({ side, png: await canvas.encode('png'), width: canvas.width, height: canvas.height }))),
  };
}

/**
 * The document of renderFakeDocument, and a selfie of the same person, as canvases to
 * encode. `thumb`: photographed with a thumb over the machine-readable zone or barcode;
 * `face`: a face photo printed as the portrait (the selfie stays the drawn person).
 */
export async function drawFakeDocument(applicant: FakeApplicant, options: FakeDocumentOptions = {}): Promise<DrawnDocument> {
  const documentType = applicant.documentType;
  if (documentType !== 'PASSPORT' && documentType !== 'ID_CARD' && documentType !== 'RESIDENCE_PERMIT' && documentType !== 'DRIVERS') {
    throw new Error('Only a submitted applicant has a document to render');
  }
  const fonts = documentFonts();
  const random = new Random(hashSeed(`${applicant.userId}|${applicant.docNumber ?? ''}|document`));
  const look: Look = { skin: random.pick(SKIN), hair: random.pick(HAIR), shirt: random.pick(SHIRTS), long: random.chance(applicant.sex === 'F' ? 0.7 : 0.1) };
  // A face photo draws nothing at random: the document's other draws stay as they were.
  if (options.face) look.photo = await loadImage(options.face);
  // Drawn from the look alone, when asked: the document's random draws stay as they were.
  const selfie = () => selfieOf(look);
  const held = (page: DrawnDocument['pages'][number]) => (options.thumb ? thumbOver(page, look.skin) : page);
  if (documentType === 'PASSPORT') {
    const mrz = td3Lines(mrzPerson(applicant, 'P'));
    const pages = [held(passportPage(applicant, mrz, look, random))];
    return { documentType, pages, selfie, mrz, barcode: null, mrzFont: fonts.mrz };
  }
  if (documentType === 'DRIVERS') {
    const barcode = encodeAamva(licenceFields(applicant));
    const pages = [cardFront(applicant, look, random), held(await licenceBack(applicant, barcode, random))];
    return { documentType, pages, selfie, mrz: null, barcode, mrzFont: fonts.mrz };
  }
  const mrz = td1Lines(mrzPerson(applicant, documentType === 'RESIDENCE_PERMIT' ? 'IR' : 'ID'));
  const pages = [cardFront(applicant, look, random), held(cardBack(applicant, mrz, random))];
  return { documentType, pages, selfie, mrz, barcode: null, mrzFont: fonts.mrz };
}

/** Given names first, family name(s) after: as the generator writes names. */
export function splitName(name: string | null): { surname: string; given: string } {
  const parts = (name ?? '').trim().split(/\s+/);
  return { given: parts[0] ?? '', surname: parts.slice(1).join(' ') };
}

/** What the machine-readable zone of the applicant's document carries. */
export function mrzPerson(applicant: FakeApplicant, documentCode: string): MrzPerson {
  const { surname, given } = splitName(applicant.name);
  const icao = countryProfile(applicant.country)?.icao ?? 'UTO';
  return {
    documentCode,
    issuingState: icao,
    surname,
    givenNames: given,
    documentNumber: applicant.docNumber ?? '',
    nationality: icao,
    dateOfBirth: applicant.dateOfBirth ?? '1900-01-01',
    sex: applicant.sex === 'M' || applicant.sex === 'F' ? applicant.sex : '<',
    expiryDate: applicant.expiryDate ?? '1900-01-01',
  };
}

/** A thumb (about 2 cm wide) holding the document from its bottom edge, over the middle of the zone or barcode. */
function thumbOver(page: DrawnDocument['pages'][number], skin: string): DrawnDocument['pages'][number] {
  const ctx = page.canvas.getContext('2d');
  const { width, height } = page.canvas;
  ctx.save();
  ctx.translate(width * 0.46, height + mm(6));
  ctx.rotate(-0.3);
  ctx.fillStyle = skin;
  ctx.beginPath();
  ctx.ellipse(0, 0, mm(10), mm(24), 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.strokeStyle = 'rgba(60, 30, 20, 0.3)';
  ctx.lineWidth = mm(0.4);
  ctx.stroke();
  // The nail near the tip.
  ctx.fillStyle = 'rgba(255, 228, 220, 0.55)';
  ctx.beginPath();
  ctx.ellipse(0, -mm(16), mm(6), mm(6.5), 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
  return page;
}

/** A selfie: the document's drawn person, head and shoulders, in portrait format. */
function selfieOf(look: Look): Canvas {
  const canvas = createCanvas(480, 640);
  portrait(canvas.getContext('2d'), 0, 0, canvas.width, canvas.height, { ...look, photo: undefined });
  return canvas;
}

interface Look {
  skin: string;
  hair: string;
  shirt: string;
  long: boolean;
  /** A face photo to print instead of drawing the person (documents only; the selfie is always drawn). */
  photo?: Image;
}

function licenceFields(applicant: FakeApplicant): AamvaFields {
  const { surname, given } = splitName(applicant.name);
  const [street = null, rest = ''] = (applicant.address ?? '').split(/,\s*(?=[^,]*$)/);
  return {
    documentNumber: applicant.docNumber ?? '',
    surname: toMrzText(surname).replace(/</g, ' '),
    givenNames: toMrzText(given).replace(/</g, ' '),
    dateOfBirth: applicant.dateOfBirth ?? '1900-01-01',
    expiryDate: applicant.expiryDate ?? '1900-01-01',
    issueDate: applicant.issuanceDate,
    sex: applicant.sex === 'M' || applicant.sex === 'F' ? applicant.sex : null,
    country: countryProfile(applicant.country)?.icao.padEnd(3, '<') ?? null,
    street,
    city: rest || null,
    postalCode: null,
  };
}

function mm(value: number): number {
  return Math.round(value * PX_PER_MM);
}

/** Paper, a guilloche of interleaved sine curves and the issuing band. */
function blank(widthMm: number, heightMm: number, documentType: string, random: Random) {
  const canvas = createCanvas(mm(widthMm), mm(heightMm));
  const ctx = canvas.getContext('2d');
  const scheme = SCHEMES[documentType];
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = scheme.paper;
  roundedRect(ctx, 2, 2, canvas.width - 4, canvas.height - 4, mm(3));
  ctx.fill();
  ctx.strokeStyle = scheme.accent;
  ctx.lineWidth = 1.2;
  const phase = random.next() * Math.PI * 2;
  for (let k = 0; k < 14; k += 1) {
    ctx.beginPath();
    for (let x = 0; x <= canvas.width; x += 6) {
      const y = canvas.height * 0.2 + k * mm(3.2) + Math.sin(x / mm(9) + phase + k * 0.7) * mm(2.2);
      if (x === 0) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
    }
    ctx.stroke();
  }
  return { canvas, ctx, scheme };
}

function roundedRect(ctx: SKRSContext2D, x: number, y: number, w: number, h: number, r: number): void {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

function band(ctx: SKRSContext2D, width: number, applicant: FakeApplicant, title: string, color: string): void {
  const fonts = documentFonts();
  ctx.fillStyle = color;
  ctx.fillRect(2, mm(3), width - 4, mm(9));
  ctx.fillStyle = '#ffffff';
  ctx.font = `${mm(3.6)}px "${fonts.bold}"`;
  ctx.fillText((applicant.country ?? '').toUpperCase(), mm(5), mm(7.4));
  ctx.font = `${mm(2.2)}px "${fonts.text}"`;
  ctx.fillText(title, mm(5), mm(10.6));
  ctx.beginPath();
  ctx.arc(width - mm(9), mm(7.5), mm(3.2), 0, Math.PI * 2);
  ctx.strokeStyle = '#ffffff';
  ctx.lineWidth = 2;
  ctx.stroke();
}

/** The portrait area: the look's face photo printed, or a drawn placeholder person. */
function portrait(ctx: SKRSContext2D, x: number, y: number, w: number, h: number, look: Look): void {
  if (look.photo) printedPhoto(ctx, x, y, w, h, look.photo);
  else drawnPortrait(ctx, x, y, w, h, look);
  ctx.strokeStyle = LABEL;
  ctx.lineWidth = 1;
  ctx.strokeRect(x, y, w, h);
}

/**
 * A photo as a card's printed portrait shows it: scaled to cover the area, centred and
 * cropped to it, then faded as dye on plastic is: less saturated, less contrast, blacks
 * lifted towards the paper.
 */
function printedPhoto(ctx: SKRSContext2D, x: number, y: number, w: number, h: number, photo: Image): void {
  const scale = Math.max(w / photo.width, h / photo.height);
  const sw = w / scale;
  const sh = h / scale;
  ctx.save();
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(photo, (photo.width - sw) / 2, (photo.height - sh) / 2, sw, sh, x, y, w, h);
  ctx.restore();
  const area = ctx.getImageData(x, y, w, h);
  const pixels = area.data;
  for (let i = 0; i < pixels.length; i += 4) {
    const grey = 0.299 * pixels[i] + 0.587 * pixels[i + 1] + 0.114 * pixels[i + 2];
    for (let c = 0; c < 3; c += 1) {
      const muted = grey + (pixels[i + c] - grey) * PRINT_SATURATION;
      pixels[i + c] = Math.round(PRINT_FLOOR[c] + (muted * (255 - PRINT_FLOOR[c])) / 255);
    }
  }
  ctx.putImageData(area, x, y);
}

/** How much colour a printed portrait keeps, and the paper tone its blacks fade to (R, G, B). */
const PRINT_SATURATION = 0.6;
const PRINT_FLOOR = [34, 32, 30];

/** A drawn placeholder portrait: backdrop, shoulders, neck, hair, face, eyes and mouth. */
function drawnPortrait(ctx: SKRSContext2D, x: number, y: number, w: number, h: number, look: Look): void {
  ctx.save();
  ctx.beginPath();
  ctx.rect(x, y, w, h);
  ctx.clip();
  ctx.fillStyle = '#dde3ea';
  ctx.fillRect(x, y, w, h);
  const cx = x + w / 2;
  const ellipse = (ex: number, ey: number, rx: number, ry: number, color: string) => {
    ctx.fillStyle = color;
    ctx.beginPath();
    ctx.ellipse(ex, ey, rx, ry, 0, 0, Math.PI * 2);
    ctx.fill();
  };
  ellipse(cx, y + h * 1.05, w * 0.48, h * 0.32, look.shirt);
  ctx.fillStyle = look.skin;
  ctx.fillRect(cx - w * 0.09, y + h * 0.56, w * 0.18, h * 0.16);
  if (look.long) ellipse(cx, y + h * 0.47, w * 0.3, h * 0.3, look.hair);
  ellipse(cx, y + h * 0.42, w * 0.22, h * 0.24, look.skin);
  ellipse(cx, y + h * 0.25, w * 0.23, h * 0.1, look.hair);
  ellipse(cx - w * 0.08, y + h * 0.41, w * 0.025, h * 0.015, INK);
  ellipse(cx + w * 0.08, y + h * 0.41, w * 0.025, h * 0.015, INK);
  ctx.strokeStyle = '#9b4a3c';
  ctx.lineWidth = Math.max(1, h * 0.012);
  ctx.beginPath();
  ctx.arc(cx, y + h * 0.5, w * 0.07, 0.2 * Math.PI, 0.8 * Math.PI);
  ctx.stroke();
  ctx.restore();
}

function field(ctx: SKRSContext2D, x: number, y: number, label: string, value: string | null): void {
  const fonts = documentFonts();
  ctx.fillStyle = LABEL;
  ctx.font = `${mm(1.6)}px "${fonts.text}"`;
  ctx.fillText(label, x, y);
  ctx.fillStyle = INK;
  ctx.font = `${mm(2.6)}px "${fonts.bold}"`;
  ctx.fillText((value ?? '').toUpperCase(), x, y + mm(3.2));
}

function signature(ctx: SKRSContext2D, x: number, y: number, random: Random): void {
  ctx.strokeStyle = '#22306b';
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.moveTo(x, y);
  for (let i = 1; i <= 12; i += 1) ctx.lineTo(x + i * mm(2), y + Math.sin(i * 1.3 + random.next()) * mm(2));
  ctx.stroke();
}

/** A plain zone for the MRZ and its lines set in OCR-B on the ICAO pitch. */
function mrzZone(ctx: SKRSContext2D, width: number, height: number, lines: readonly string[], zoneMm: number): void {
  const fonts = documentFonts();
  ctx.fillStyle = '#fbfbf8';
  ctx.fillRect(2, height - mm(zoneMm), width - 4, mm(zoneMm) - 2);
  const pitch = MRZ_PITCH_MM * PX_PER_MM;
  ctx.font = `${mm(3.3)}px "${fonts.mrz}"`;
  ctx.fillStyle = '#101010';
  const left = (width - pitch * lines[0].length) / 2;
  const firstBaseline = height - mm(zoneMm) / 2 - ((lines.length - 1) * mm(MRZ_LINE_MM)) / 2 + mm(1.2);
  lines.forEach((line, row) => {
    for (let i = 0; i < line.length; i += 1) {
      const glyph = ctx.measureText(line[i]).width;
      ctx.fillText(line[i], left + i * pitch + (pitch - glyph) / 2, firstBaseline + row * mm(MRZ_LINE_MM));
    }
  });
}

function passportPage(applicant: FakeApplicant, mrz: readonly string[], look: Look, random: Random): DrawnDocument['pages'][number] {
  const { canvas, ctx, scheme } = blank(125, 88, 'PASSPORT', random);
  band(ctx, canvas.width, applicant, scheme.title, scheme.band);
  portrait(ctx, mm(6), mm(16), mm(32), mm(40), look);
  const { surname, given } = splitName(applicant.name);
  const x = mm(44);
  field(ctx, x, mm(17), 'Type / Type', 'P');
  field(ctx, x + mm(22), mm(17), 'Code / Code', countryProfile(applicant.country)?.icao ?? '');
  field(ctx, x + mm(50), mm(17), 'Passport No. / No. du passeport', applicant.docNumber);
  field(ctx, x, mm(25), 'Surname / Nom', surname);
  field(ctx, x, mm(33), 'Given names / Prénoms', given);
  field(ctx, x, mm(41), 'Date of birth / Date de naissance', applicant.dateOfBirth);
  field(ctx, x + mm(50), mm(41), 'Sex / Sexe', applicant.sex);
  field(ctx, x, mm(49), 'Place of birth / Lieu de naissance', applicant.placeOfBirth);
  field(ctx, x, mm(57), 'Date of issue / Date de délivrance', applicant.issuanceDate);
  field(ctx, x + mm(40), mm(57), 'Date of expiry / Date d’expiration', applicant.expiryDate);
  signature(ctx, mm(8), mm(61), random);
  mrzZone(ctx, canvas.width, canvas.height, mrz, 23.2);
  return { side: 'front', canvas };
}

function cardFront(applicant: FakeApplicant, look: Look, random: Random): DrawnDocument['pages'][number] {
  const documentType = applicant.documentType ?? 'ID_CARD';
  const { canvas, ctx, scheme } = blank(85.6, 54, documentType, random);
  band(ctx, canvas.width, applicant, scheme.title, scheme.band);
  portrait(ctx, mm(4), mm(15), mm(24), mm(30), look);
  const { surname, given } = splitName(applicant.name);
  const x = mm(32);
  const licence = documentType === 'DRIVERS';
  field(ctx, x, mm(17), licence ? '1. Surname' : 'Surname / Nom', surname);
  field(ctx, x, mm(24), licence ? '2. Given names' : 'Given names / Prénoms', given);
  field(ctx, x, mm(31), licence ? '3. Date of birth' : 'Date of birth', applicant.dateOfBirth);
  field(ctx, x + mm(28), mm(31), 'Sex', applicant.sex);
  field(ctx, x, mm(38), licence ? '4b. Expiry' : 'Date of expiry', applicant.expiryDate);
  field(ctx, x + mm(28), mm(38), licence ? '5. Licence No.' : 'Document No.', applicant.docNumber);
  signature(ctx, x, mm(48), random);
  return { side: 'front', canvas };
}

function cardBack(applicant: FakeApplicant, mrz: readonly string[], random: Random): DrawnDocument['pages'][number] {
  const { canvas, ctx, scheme } = blank(85.6, 54, applicant.documentType ?? 'ID_CARD', random);
  ctx.fillStyle = scheme.band;
  ctx.fillRect(2, mm(3), canvas.width - 4, mm(2));
  field(ctx, mm(5), mm(9), 'Address / Adresse', applicant.address);
  field(ctx, mm(5), mm(16), 'Place of birth', applicant.placeOfBirth);
  field(ctx, mm(45), mm(16), 'Date of issue', applicant.issuanceDate);
  field(ctx, mm(5), mm(23), 'Height', applicant.height);
  field(ctx, mm(45), mm(23), 'Issued in', applicant.issuedIn);
  mrzZone(ctx, canvas.width, canvas.height, mrz, 18);
  return { side: 'back', canvas };
}

async function licenceBack(applicant: FakeApplicant, barcode: string, random: Random): Promise<DrawnDocument['pages'][number]> {
  const fonts = documentFonts();
  const { canvas, ctx, scheme } = blank(85.6, 54, 'DRIVERS', random);
  ctx.fillStyle = scheme.band;
  ctx.fillRect(2, mm(3), canvas.width - 4, mm(2));
  ['AM', 'A', 'B', 'BE', 'C', 'D'].forEach((category, i) => {
    const x = mm(5 + i * 12.5);
    ctx.strokeStyle = LABEL;
    ctx.strokeRect(x, mm(7), mm(11.5), mm(11));
    ctx.fillStyle = INK;
    ctx.font = `${mm(2.8)}px "${fonts.bold}"`;
    ctx.fillText(category, x + mm(1.5), mm(11));
    ctx.font = `${mm(1.6)}px "${fonts.text}"`;
    ctx.fillText(category === 'B' || random.chance(0.3) ? (applicant.issuanceDate ?? '') : '', x + mm(0.6), mm(16));
  });
  const symbol = await loadImage(await encodePdf417(barcode, 3));
  const width = canvas.width - mm(8);
  const height = Math.min(mm(30), (symbol.height * width) / symbol.width);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(mm(4), mm(21), width, height);
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(symbol, mm(4), mm(21), width, height);
  return { side: 'back', canvas };
}
