import type { ApplicantImage } from '../applicant-image.entity.js';
import { td1Lines, td3Lines, type MrzPerson } from './check-digits.js';
import { countryProfile, type FakeApplicant } from './fake-applicant.js';
import { encodeIndexedPng } from './png.js';
import { hashSeed, Random } from './random.js';
import { Raster } from './raster.js';

/** An image row without its ids: what applicant_images stores. */
export type FakeImage = Pick<ApplicantImage, 'docType' | 'side' | 'contentType' | 'width' | 'height' | 'data'>;

export const CARD_WIDTH = 480;
export const CARD_HEIGHT = 300;
export const SELFIE_WIDTH = 300;
export const SELFIE_HEIGHT = 400;

const INK = 0x1f2933;
const LABEL = 0x6b7785;
const WHITE = 0xffffff;
const PAPER = 0xf3f5f7;

const TITLES: Record<string, string> = {
  PASSPORT: 'PASSPORT',
  ID_CARD: 'IDENTITY CARD',
  DRIVERS: 'DRIVING LICENCE',
  RESIDENCE_PERMIT: 'RESIDENCE PERMIT',
};

/** Card colours per document type: [background, header band, accent]. */
const SCHEMES: Record<string, [number, number, number]> = {
  PASSPORT: [0xeef2f7, 0x1d3a6e, 0xc9d6ea],
  ID_CARD: [0xeef6f0, 0x1f6e43, 0xcfe6d6],
  DRIVERS: [0xfbf1f4, 0x9b2c4f, 0xf1d3dd],
  RESIDENCE_PERMIT: [0xf5f1fa, 0x553c9a, 0xdcd2ee],
};

const SKIN = [0xf1c27d, 0xe0ac69, 0xc68642, 0x8d5524, 0xffdbac, 0xa56b3f];
const HAIR = [0x2c1b10, 0x4a2f1b, 0x8a5a2b, 0xd6b370, 0x111111, 0x7d7d7d];
const SHIRTS = [0x3b5b92, 0x5b8c5a, 0x8c3b3b, 0x444444, 0xc9a227, 0x6a4c93];
const BACKDROPS = [0xdde3ea, 0xe8e1d9, 0xd9e4dc, 0xe4dde8];

/**
 * The three pictures of a submitted applicant: document front, document back and
 * a selfie, as real PNG files drawn from the applicant's data (deterministic).
 * Applicants that never submitted (no documentType) have none.
 */
export function fakeApplicantImages(applicant: FakeApplicant): FakeImage[] {
  if (!applicant.documentType) return [];
  const random = new Random(hashSeed(`${applicant.userId}|${applicant.docNumber ?? ''}`));
  const look = {
    skin: random.pick(SKIN),
    hair: random.pick(HAIR),
    shirt: random.pick(SHIRTS),
    backdrop: random.pick(BACKDROPS),
    long: applicant.sex === 'F' ? random.chance(0.7) : random.chance(0.1),
  };
  return [
    png(applicant.documentType, 'front', drawFront(applicant, look)),
    png(applicant.documentType, 'back', drawBack(applicant)),
    png('SELFIE', null, drawSelfie(look)),
  ];
}

interface Look {
  skin: number;
  hair: number;
  shirt: number;
  backdrop: number;
  long: boolean;
}

function png(docType: string, side: string | null, raster: Raster): FakeImage {
  return {
    docType,
    side,
    contentType: 'image/png',
    width: raster.width,
    height: raster.height,
    data: encodeIndexedPng(raster.width, raster.height, raster.palette, raster.pixels),
  };
}

function card(documentType: string): { raster: Raster; scheme: [number, number, number] } {
  const scheme = SCHEMES[documentType] ?? SCHEMES.ID_CARD;
  const raster = new Raster(CARD_WIDTH, CARD_HEIGHT, WHITE);
  raster.roundedRect(4, 4, CARD_WIDTH - 8, CARD_HEIGHT - 8, 16, scheme[0]);
  // Guilloche-like background lines.
  for (let y = 70; y < CARD_HEIGHT - 20; y += 12) raster.rect(20, y, CARD_WIDTH - 40, 1, scheme[2]);
  return { raster, scheme };
}

function header(raster: Raster, scheme: [number, number, number], applicant: FakeApplicant): void {
  raster.rect(4, 16, CARD_WIDTH - 8, 40, scheme[1]);
  raster.text(20, 22, applicant.country ?? '', WHITE, 2, 300);
  raster.text(20, 42, TITLES[applicant.documentType ?? ''] ?? 'DOCUMENT', WHITE, 1);
  raster.ellipse(CARD_WIDTH - 40, 36, 14, 14, scheme[2]);
  raster.ellipse(CARD_WIDTH - 40, 36, 8, 8, scheme[1]);
}

function portrait(raster: Raster, x: number, y: number, w: number, h: number, look: Look): void {
  raster.clipTo(x, y, w, h);
  raster.rect(x, y, w, h, look.backdrop);
  const cx = x + w / 2;
  raster.ellipse(cx, y + h + h * 0.05, w * 0.48, h * 0.32, look.shirt);
  raster.rect(cx - w * 0.09, y + h * 0.56, w * 0.18, h * 0.16, look.skin);
  if (look.long) raster.ellipse(cx, y + h * 0.45, w * 0.3, h * 0.3, look.hair);
  raster.ellipse(cx, y + h * 0.42, w * 0.22, h * 0.22, look.skin);
  raster.ellipse(cx, y + h * 0.26, w * 0.23, h * 0.1, look.hair);
  raster.ellipse(cx - w * 0.08, y + h * 0.42, w * 0.025, h * 0.018, INK);
  raster.ellipse(cx + w * 0.08, y + h * 0.42, w * 0.025, h * 0.018, INK);
  raster.rect(cx - w * 0.06, y + h * 0.53, w * 0.12, Math.max(1, h * 0.012), 0x9b4a3c);
  raster.unclip();
}

function labelled(raster: Raster, x: number, y: number, label: string, value: string | null, width: number): void {
  raster.text(x, y, label, LABEL, 1, width);
  raster.text(x, y + 10, value ?? '', INK, 2, width);
}

export function splitName(name: string | null): { surname: string; given: string } {
  const parts = (name ?? '').trim().split(/\s+/);
  return { given: parts[0] ?? '', surname: parts.slice(1).join(' ') };
}

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

function mrzBand(raster: Raster, lines: readonly string[]): void {
  const top = CARD_HEIGHT - 16 - lines.length * 14;
  raster.rect(12, top - 6, CARD_WIDTH - 24, lines.length * 14 + 8, WHITE);
  lines.forEach((line, i) => raster.text(24, top + i * 14, line, INK, 1));
}

function drawFront(applicant: FakeApplicant, look: Look): Raster {
  const { raster, scheme } = card(applicant.documentType ?? 'ID_CARD');
  header(raster, scheme, applicant);
  const isPassport = applicant.documentType === 'PASSPORT';
  const photoHeight = isPassport ? 130 : 160;
  portrait(raster, 20, 68, 110, photoHeight, look);
  const { surname, given } = splitName(applicant.name);
  const x = 148;
  const w = CARD_WIDTH - x - 16;
  labelled(raster, x, 68, 'SURNAME', surname, w);
  labelled(raster, x, 98, 'GIVEN NAMES', given, w);
  labelled(raster, x, 128, 'DATE OF BIRTH', applicant.dateOfBirth, 150);
  labelled(raster, x + 160, 128, 'SEX', applicant.sex, 60);
  labelled(raster, x, 158, 'DOCUMENT NO', applicant.docNumber, 150);
  labelled(raster, x + 160, 158, 'EXPIRY', applicant.expiryDate, 150);
  if (isPassport) {
    mrzBand(raster, td3Lines(mrzPerson(applicant, 'P')));
  } else {
    labelled(raster, x, 188, 'PLACE OF BIRTH', applicant.placeOfBirth, w);
    // Signature scribble.
    for (let i = 0; i < 40; i += 1) raster.rect(x + i * 4, 250 + Math.round(Math.sin(i / 2) * 6), 4, 2, INK);
  }
  return raster;
}

function drawBack(applicant: FakeApplicant): Raster {
  const { raster, scheme } = card(applicant.documentType ?? 'ID_CARD');
  raster.rect(4, 16, CARD_WIDTH - 8, 10, scheme[1]);
  const x = 20;
  const w = CARD_WIDTH - 40;
  labelled(raster, x, 36, 'ADDRESS', applicant.address, w);
  labelled(raster, x, 66, 'ISSUED IN', applicant.issuedIn, 200);
  labelled(raster, x + 220, 66, 'DATE OF ISSUE', applicant.issuanceDate, 200);
  labelled(raster, x, 96, 'FATHER', applicant.fatherName, w);
  labelled(raster, x, 126, 'MOTHER', applicant.motherName, w);
  labelled(raster, x, 156, 'HEIGHT', applicant.height, 120);
  if (applicant.documentType === 'DRIVERS') {
    // Licence categories grid.
    ['AM', 'A', 'B', 'BE', 'C', 'D'].forEach((category, i) => {
      raster.rect(x + i * 70, 196, 64, 60, PAPER);
      raster.text(x + i * 70 + 8, 204, category, INK, 2);
      raster.rect(x + i * 70 + 8, 232, 48, 8, scheme[2]);
    });
  } else if (applicant.documentType !== 'PASSPORT') {
    mrzBand(raster, td1Lines(mrzPerson(applicant, applicant.documentType === 'RESIDENCE_PERMIT' ? 'IR' : 'ID')));
  }
  return raster;
}

function drawSelfie(look: Look): Raster {
  const raster = new Raster(SELFIE_WIDTH, SELFIE_HEIGHT, look.backdrop);
  portrait(raster, 0, 20, SELFIE_WIDTH, SELFIE_HEIGHT - 20, look);
  return raster;
}
