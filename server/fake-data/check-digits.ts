import { icaoCheckDigit } from '../document-reading/check-digit.js';

export { icaoCheckDigit };

/** Upper-case Latin letters only, diacritics dropped, everything else the filler '<'. */
export function toMrzText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'SS')
    .replace(/[łŁ]/g, 'L')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '<');
}

function field(text: string, length: number): string {
  return toMrzText(text).slice(0, length).padEnd(length, '<');
}

/** 'YYYY-MM-DD' → 'YYMMDD'. */
function mrzDate(isoDate: string): string {
  return isoDate.slice(2, 4) + isoDate.slice(5, 7) + isoDate.slice(8, 10);
}

export interface MrzPerson {
  documentCode: string;
  issuingState: string;
  surname: string;
  givenNames: string;
  documentNumber: string;
  nationality: string;
  dateOfBirth: string;
  sex: 'M' | 'F' | '<';
  expiryDate: string;
  optionalData?: string;
}

function names(person: MrzPerson, length: number): string {
  return field(`${toMrzText(person.surname)}<<${toMrzText(person.givenNames)}`, length);
}

/** The two 44-character lines of a passport data page (TD3). */
export function td3Lines(person: MrzPerson): [string, string] {
  const line1 = field(person.documentCode, 2) + field(person.issuingState, 3) + names(person, 39);
  const number = field(person.documentNumber, 9);
  const birth = mrzDate(person.dateOfBirth);
  const expiry = mrzDate(person.expiryDate);
  const optional = field(person.optionalData ?? '', 14);
  const numberPart = number + icaoCheckDigit(number);
  const birthPart = birth + icaoCheckDigit(birth);
  const expiryPart = expiry + icaoCheckDigit(expiry);
  const optionalPart = optional + icaoCheckDigit(optional);
  const composite = icaoCheckDigit(numberPart + birthPart + expiryPart + optionalPart);
  const line2 = numberPart + field(person.nationality, 3) + birthPart + person.sex + expiryPart + optionalPart + composite;
  return [line1, line2];
}

/** The three 30-character lines of an identity card (TD1). */
export function td1Lines(person: MrzPerson): [string, string, string] {
  const number = field(person.documentNumber, 9);
  const optional1 = field(person.optionalData ?? '', 15);
  const line1 = field(person.documentCode, 2) + field(person.issuingState, 3) + number + icaoCheckDigit(number) + optional1;
  const birth = mrzDate(person.dateOfBirth);
  const expiry = mrzDate(person.expiryDate);
  const optional2 = field('', 11);
  const partial = line1.slice(5, 30) + birth + icaoCheckDigit(birth) + expiry + icaoCheckDigit(expiry) + optional2;
  const line2 =
    birth + icaoCheckDigit(birth) + person.sex + expiry + icaoCheckDigit(expiry) + field(person.nationality, 3) + optional2 + icaoCheckDigit(partial);
  return [line1, line2, names(person, 30)];
}

/** A document number whose last character is the ICAO check digit of the others. */
export function withCheckDigit(base: string): string {
  return base + icaoCheckDigit(base);
}

export function hasValidCheckDigit(documentNumber: string): boolean {
  return /^[A-Z0-9]+$/.test(documentNumber) && icaoCheckDigit(documentNumber.slice(0, -1)) === documentNumber.slice(-1);
}
