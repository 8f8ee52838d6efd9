import { stateName, type AamvaFields, type DoubtfulCharacter, type MrzFields } from '../../document-reading/index.js';
import { countryCode } from '../../screening/index.js';

/** What the analysis read from a document: its machine-readable zone or its barcode. */
export interface DocumentData {
  source: 'mrz' | 'barcode';
  /** The zone's format — TD3 (passport), TD2 or TD1 (cards), MRV-A or MRV-B (visas) — or AAMVA (driving licence barcode). */
  format: string;
  surname: string;
  givenNames: string;
  documentNumber: string;
  /** YYYY-MM-DD, or null when the document gives none that is a real date. */
  dateOfBirth: string | null;
  expiryDate: string | null;
  sex: 'M' | 'F' | 'X' | null;
  /** ICAO / ISO 3166 alpha-3 code, where the document carries one. */
  nationality: string | null;
  issuingState: string | null;
  /** The machine-readable zone as read, line by line (a zone only). */
  zone?: string[];
  /** The zone's characters no check digit guards that OCR was not sure of (0-based line and column, and where on the photo): the read needs a person. */
  doubtful?: DoubtfulCharacter[];
  /** The side of the document whose photo the data were read from. */
  side?: string;
}

/**
 * ICAO codes that stand for no country: organizations (the United Nations' UNO, UNA, UNK,
 * the EU's EUE, Interpol's XPO …), the specimen state UTO and the stateless or refugee
 * codes XXA, XXB, XXC, XXX.
 */
const NO_COUNTRY = /^(UN[AKO]|EUE|UTO|X(?!XK)[A-Z]{2})$/;

/**
 * ICAO codes whose state name the runtime's region names write otherwise ("Antigua &
 * Barbuda", "Myanmar (Burma)", "St. Lucia" …) or that a shorter country's name would
 * catch (South Georgia is not Georgia), and the British nationality codes and Kosovo's,
 * which name no state of their own.
 */
const WRITTEN_OTHERWISE: Record<string, string> = {
  ATG: 'AG',
  BES: 'BQ',
  BIH: 'BA',
  BLM: 'BL',
  CCK: 'CC',
  COD: 'CD',
  COG: 'CG',
  CPV: 'CV',
  HKG: 'HK',
  HMD: 'HM',
  KNA: 'KN',
  LCA: 'LC',
  MAC: 'MO',
  MAF: 'MF',
  MMR: 'MM',
  PCN: 'PN',
  SJM: 'SJ',
  SPM: 'PM',
  STP: 'ST',
  TCA: 'TC',
  TTO: 'TT',
  VCT: 'VC',
  SGS: 'GS',
  TLS: 'TL',
  UMI: 'UM',
  VGB: 'VG',
  VIR: 'VI',
  WLF: 'WF',
  GBD: 'GB',
  GBN: 'GB',
  GBO: 'GB',
  GBP: 'GB',
  GBS: 'GB',
  XXK: 'XK',
};

/**
 * The nationality a document states, as the ISO 3166 alpha-2 code the sanctions lists are
 * screened with, from its ICAO code's state name as ICAO writes it (`D` → Germany → DE;
 * "Korea (the Republic of)" read as "the Republic of Korea"); null when the document
 * states none or no country stands for its code.
 */
export function documentNationality(data: Pick<DocumentData, 'nationality'> | null | undefined): string | null {
  const code = data?.nationality?.replace(/<+$/, '');
  if (!code || NO_COUNTRY.test(code)) return null;
  if (Object.hasOwn(WRITTEN_OTHERWISE, code)) return WRITTEN_OTHERWISE[code];
  const name = stateName(code);
  if (!name) return null;
  // "Korea (the Republic of)" → "the Republic of Korea"; "Bahamas (the)" → "Bahamas"; "Taiwan (Province of China)" → "Taiwan".
  const written = name.replace(/^(.*?) \((.*?)\)(.*)$/, (_whole: string, head: string, inner: string, tail: string) =>
    / of$/.test(inner) ? `${inner} ${head}${tail}` : `${head}${tail}`,
  );
  return countryCode(written);
}

/** The declared (typed) values compared with the document. */
export interface DeclaredIdentity {
  name: string | null;
  dateOfBirth: string | null;
  docNumber: string | null;
  expiryDate: string | null;
  sex: string | null;
}

export const COMPARED_FIELDS = ['name', 'dateOfBirth', 'docNumber', 'expiryDate', 'sex'] as const;
export type ComparedField = (typeof COMPARED_FIELDS)[number];

/** match / mismatch; not-declared: the applicant left it empty; not-read: the document does not carry it. */
export type FieldVerdict = 'match' | 'mismatch' | 'not-declared' | 'not-read';

export interface FieldComparison {
  field: ComparedField;
  declared: string | null;
  extracted: string | null;
  verdict: FieldVerdict;
}

/**
 * A six-digit MRZ date (YYMMDD) as YYYY-MM-DD. Birth dates are in the past (a two-digit
 * year after this year's is last century); expiry dates lie within 50 years of today.
 */
export function mrzDate(value: string, kind: 'birth' | 'expiry', today: Date): string | null {
  if (!/^\d{6}$/.test(value)) return null;
  const yy = Number(value.slice(0, 2));
  const thisYear = today.getUTCFullYear();
  const century = Math.floor(thisYear / 100) * 100;
  let year = century + yy;
  if (kind === 'birth' && year > thisYear) year -= 100;
  if (kind === 'expiry' && year > thisYear + 50) year -= 100;
  const iso = `${year}-${value.slice(2, 4)}-${value.slice(4, 6)}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : null;
}

/** Letters ICAO 9303 transliterates to two (Ä → AE); each also matches its plain letter. */
const TRANSLITERATIONS: Record<string, string> = { Ä: 'AE', Ö: 'OE', Ü: 'UE', ß: 'SS', Å: 'AA', Æ: 'AE', Ø: 'OE', Þ: 'TH', Œ: 'OE' };
/** Letters with a stroke, which Unicode does not decompose into a letter and a mark (Ł is L in a zone). */
const STROKED: Record<string, string> = { Ł: 'L', Đ: 'D', Ð: 'D', Ħ: 'H', Ŧ: 'T', Ƶ: 'Z', Ŋ: 'N' };

/**
 * A name's words, upper case, without diacritics or punctuation: both ICAO spellings of
 * each. Apostrophes are dropped, not word breaks (ICAO 9303 part 3: D'ARTAGNAN is
 * DARTAGNAN in the zone); hyphens and spaces are.
 */
function nameForms(value: string): string[][] {
  const upper = value
    .normalize('NFC')
    .toUpperCase()
    .replace(/['’ʼ‘`]/g, '');
  const transliterated = upper.replace(/[ÄÖÜßÅÆØÞŒ]/g, (letter) => TRANSLITERATIONS[letter]);
  return [upper, transliterated].map((form) =>
    form
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .replace(/[ŁĐÐĦŦƵŊ]/g, (letter) => STROKED[letter])
      .replace(/[^A-Z]+/g, ' ')
      .trim()
      .split(' ')
      .filter(Boolean)
      .sort(),
  );
}

/**
 * Whether the typed name is the document's, whatever the case, diacritics, word order
 * or ICAO transliteration. A machine-readable zone cuts long names: then every word it
 * kept whole must be typed, and its last, cut word must begin a typed one.
 */
export function namesMatch(declared: string, read: { surname: string; givenNames: string }, truncated: boolean): boolean {
  const readWords = nameForms(`${read.surname} ${read.givenNames}`)[0];
  return nameForms(declared).some((typed) => {
    if (!truncated) return typed.join(' ') === readWords.join(' ');
    const remaining = [...typed];
    return readWords.every((word) => {
      const index = remaining.findIndex((candidate) => candidate === word || candidate.startsWith(word));
      if (index < 0) return false;
      remaining.splice(index, 1);
      return true;
    });
  });
}

/** Length of the name field of each MRZ format. */
const MRZ_NAME_LENGTH: Record<string, number> = { TD1: 30, TD2: 31, TD3: 39, 'MRV-A': 39, 'MRV-B': 31 };

/** Whether the MRZ name field is full (no filler left at its end), so the name may have been cut. */
export function isTruncated(data: DocumentData): boolean {
  // The French card keeps the surname (25) and the given names (14) apart.
  if (data.source === 'mrz' && data.format === 'FRA-ID') return data.surname.length >= 25 || data.givenNames.replace(/ /g, '<<').length >= 14;
  const length = MRZ_NAME_LENGTH[data.format];
  return data.source === 'mrz' && length !== undefined && `${data.surname}<<${data.givenNames.replace(/ /g, '<')}`.length >= length;
}

const normaliseNumber = (value: string) => value.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** Each declared field against the document's, with its verdict. */
export function compareWithDocument(declared: DeclaredIdentity, read: DocumentData): FieldComparison[] {
  const readName = `${read.surname} ${read.givenNames}`.trim();
  const fields: [ComparedField, string | null, string | null, (typed: string, extracted: string) => boolean][] = [
    ['name', declared.name, readName || null, (typed) => namesMatch(typed, read, isTruncated(read))],
    ['dateOfBirth', declared.dateOfBirth, read.dateOfBirth, (typed, extracted) => typed === extracted],
    ['docNumber', declared.docNumber, read.documentNumber || null, (typed, extracted) => normaliseNumber(typed) === normaliseNumber(extracted)],
    ['expiryDate', declared.expiryDate, read.expiryDate, (typed, extracted) => typed === extracted],
    ['sex', declared.sex, read.sex === 'M' || read.sex === 'F' ? read.sex : null, (typed, extracted) => typed.toUpperCase() === extracted],
  ];
  return fields.map(([field, typed, extracted, same]) => ({
    field,
    declared: typed,
    extracted,
    verdict: !typed ? 'not-declared' : !extracted ? 'not-read' : same(typed, extracted) ? 'match' : 'mismatch',
  }));
}

/**
 * A zone that passed its check digits, as the document's data (two-digit years placed
 * around `today`), with the zone's lines as read and the characters in doubt.
 */
export function fromMrz(
  format: string,
  fields: MrzFields,
  today: Date,
  read: { lines: readonly string[]; doubtful: readonly DoubtfulCharacter[] } = { lines: [], doubtful: [] },
): DocumentData {
  const code = (value: string) => value.replace(/</g, '') || null;
  return {
    source: 'mrz',
    format,
    surname: fields.surname,
    givenNames: fields.givenNames,
    documentNumber: fields.documentNumber.replace(/</g, ''),
    dateOfBirth: mrzDate(fields.dateOfBirth, 'birth', today),
    expiryDate: mrzDate(fields.expiryDate, 'expiry', today),
    sex: fields.sex,
    nationality: code(fields.nationality),
    issuingState: code(fields.issuingState),
    ...(read.lines.length > 0 ? { zone: [...read.lines] } : {}),
    ...(read.doubtful.length > 0 ? { doubtful: [...read.doubtful] } : {}),
  };
}

/** A licence barcode's AAMVA fields as the document's data. */
export function fromAamva(fields: AamvaFields): DocumentData {
  return {
    source: 'barcode',
    format: 'AAMVA',
    surname: fields.surname,
    givenNames: fields.givenNames,
    documentNumber: fields.documentNumber,
    dateOfBirth: fields.dateOfBirth || null,
    expiryDate: fields.expiryDate || null,
    sex: fields.sex,
    nationality: null,
    issuingState: fields.country,
  };
}
