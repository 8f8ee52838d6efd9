/**
 * The AAMVA DL/ID card design standard's PDF417 payload (2020 edition, version 10):
 * a header ('@', LF, RS, CR, 'ANSI ', issuer id, versions, entry count, subfile
 * directory) followed by subfiles of three-letter elements, one per line.
 */

/** The fields of a licence as its barcode states them. Dates are ISO 'YYYY-MM-DD'. */
export interface AamvaFields {
  documentNumber: string;
  surname: string;
  givenNames: string;
  dateOfBirth: string;
  expiryDate: string;
  issueDate: string | null;
  sex: 'M' | 'F' | null;
  /** Country of issue as the barcode gives it (USA, CAN or another three-letter code). */
  country: string | null;
  street: string | null;
  city: string | null;
  postalCode: string | null;
}

const LF = '\n';
const RS = '\x1e';
const CR = '\r';

/** 'YYYY-MM-DD' as the barcode writes it: MMDDCCYY, except CCYYMMDD for Canada. */
function aamvaDate(isoDate: string, country: string | null): string {
  const [year, month, day] = isoDate.split('-');
  return country === 'CAN' ? `${year}${month}${day}` : `${month}${day}${year}`;
}

function isoDate(value: string | undefined, country: string | null): string | null {
  if (!value || !/^\d{8}$/.test(value)) return null;
  const [year, month, day] =
    country === 'CAN' ? [value.slice(0, 4), value.slice(4, 6), value.slice(6, 8)] : [value.slice(4, 8), value.slice(0, 2), value.slice(2, 4)];
  return `${year}-${month}-${day}`;
}

/** The barcode payload of a licence (issuer 636000, the standard's test issuer id). */
export function encodeAamva(fields: AamvaFields): string {
  const elements: [string, string | null][] = [
    ['DAQ', fields.documentNumber],
    ['DCS', fields.surname],
    ['DAC', fields.givenNames],
    ['DBB', aamvaDate(fields.dateOfBirth, fields.country)],
    ['DBA', aamvaDate(fields.expiryDate, fields.country)],
    ['DBD', fields.issueDate ? aamvaDate(fields.issueDate, fields.country) : null],
    ['DBC', fields.sex === 'M' ? '1' : fields.sex === 'F' ? '2' : '9'],
    ['DCG', fields.country],
    ['DAG', fields.street],
    ['DAI', fields.city],
    ['DAK', fields.postalCode],
  ];
  const body = elements
    .filter((element): element is [string, string] => element[1] !== null && element[1] !== '')
    .map(([code, value]) => `${code}${[LF, CR, RS].reduce((text, separator) => text.split(separator).join(' '), value)}`)
    .join(LF);
  const subfile = `DL${body}${CR}`;
  const headerLength = 21 + 10;
  return `@${LF}${RS}${CR}ANSI 636000100001DL${String(headerLength).padStart(4, '0')}${String(subfile.length).padStart(4, '0')}${subfile}`;
}

/** Reasons an AAMVA payload cannot be read. */
export class AamvaFormatError extends Error {}

/**
 * The fields of an AAMVA payload. Throws AamvaFormatError when the header is not
 * AAMVA's or a mandatory element (number, names, birth, expiry) is missing.
 */
export function parseAamva(payload: string): AamvaFields {
  const start = payload.indexOf('ANSI ');
  if (!payload.startsWith('@') || start < 0) throw new AamvaFormatError('not an AAMVA payload (no "@ … ANSI" header)');
  const entries = Number(payload.slice(start + 15, start + 17));
  const elements = new Map<string, string>();
  for (let entry = 0; entry < Math.max(1, entries); entry += 1) {
    const directory = start + 17 + entry * 10;
    const type = payload.slice(directory, directory + 2);
    const offset = Number(payload.slice(directory + 2, directory + 6));
    const length = Number(payload.slice(directory + 6, directory + 10));
    if (!/^[A-Z]{2}$/.test(type) || !Number.isFinite(offset) || !Number.isFinite(length)) {
      throw new AamvaFormatError('malformed subfile directory');
    }
    // Some encoders count the header's separators differently: trust the offset only where the subfile's type stands.
    const at = payload.startsWith(type, offset) ? offset : payload.indexOf(type, start + 17 + Math.max(1, entries) * 10);
    if (at < 0) throw new AamvaFormatError(`subfile ${type} not found`);
    const subfile = payload.slice(at, at + length);
    const body = subfile.startsWith(type) ? subfile.slice(2) : subfile;
    for (const line of body.split(/[\n\r]+/)) {
      const code = line.slice(0, 3);
      if (/^[A-Z]{3}$/.test(code) && !elements.has(code)) elements.set(code, line.slice(3).trim());
    }
  }
  const country = elements.get('DCG') ?? null;
  const given = elements.get('DAC') ?? elements.get('DCT') ?? '';
  const sex = elements.get('DBC');
  const fields: AamvaFields = {
    documentNumber: elements.get('DAQ') ?? '',
    surname: elements.get('DCS') ?? '',
    givenNames: given.replace(/,/g, ' ').trim(),
    dateOfBirth: isoDate(elements.get('DBB'), country) ?? '',
    expiryDate: isoDate(elements.get('DBA'), country) ?? '',
    issueDate: isoDate(elements.get('DBD'), country),
    sex: sex === '1' || sex === 'M' ? 'M' : sex === '2' || sex === 'F' ? 'F' : null,
    country,
    street: elements.get('DAG') ?? null,
    city: elements.get('DAI') ?? null,
    postalCode: elements.get('DAK') ?? null,
  };
  const missing = (['documentNumber', 'surname', 'dateOfBirth', 'expiryDate'] as const).filter((key) => !fields[key]);
  if (missing.length) throw new AamvaFormatError(`missing ${missing.join(', ')}`);
  return fields;
}
