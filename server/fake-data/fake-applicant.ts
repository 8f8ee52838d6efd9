import type { Applicant } from '../applicants/applicant.entity.js';
import type { DocumentType, KycStatus, MaritalStatus, RejectType, ReviewAnswer, Sex } from '../applicants/applicant.enums.js';
import { withCheckDigit } from './check-digits.js';
import { COUNTRIES, type CountryProfile } from './countries.js';
import { mix32, hashSeed, Random } from './random.js';

/** The columns of one applicants row, as a fake verification would have filled them. */
export type FakeApplicant = Omit<
  Applicant,
  | 'id'
  | 'organizationId'
  | 'organization'
  | 'version'
  | 'sessionGeneration'
  | 'dataSessionId'
  | 'decisionLabelId'
  | 'resubmissionStep'
  | 'resubmissionFields'
  | 'attempt'
  | 'assignee'
  | 'assigneeId'
  | 'assignedAt'
  | 'lockedUntil'
  | 'flaggedChecks'
  | 'tagIds'
  | 'legalHoldAt'
  | 'legalHoldReason'
  | 'legalHoldBy'
  | 'imagesRemovedAt'
>;

export interface FakeApplicantOptions {
  /** Same seed and index (and `now`) → the same applicant. Default 'kyc'. */
  seed?: string | number;
  /** The moment the series is generated "at"; every date lies before it. Default: now. */
  now?: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;

const STATUS_WEIGHTS: Record<KycStatus, number> = {
  init: 8,
  pending: 12,
  prechecked: 6,
  queued: 6,
  completed: 60,
  onHold: 8,
};

const MARITAL_WEIGHTS: Record<MaritalStatus, number> = { Solteiro: 45, Casado: 40, Divorciado: 10, Viuvo: 5 };

/** Years a document of each type stays valid. */
const VALIDITY_YEARS: Record<string, number> = { PASSPORT: 10, ID_CARD: 10, DRIVERS: 15, RESIDENCE_PERMIT: 5 };

export const REJECT_REASONS = [
  'The document photo is blurred or cut off',
  'The document has expired',
  'The selfie does not match the document photo',
  'The name on the document does not match the submitted data',
  'The document appears to be edited',
  'The back side of the document is missing',
] as const;

/**
 * One fake applicant: item `index` of the series named by the seed. Items are
 * independent, so a million-row seeder can generate any batch on its own, and
 * userIds never repeat within a series.
 */
export function fakeApplicant(index: number, options: FakeApplicantOptions = {}): FakeApplicant {
  const seed = options.seed ?? 'kyc';
  const now = (options.now ?? new Date()).getTime();
  const random = Random.forItem(seed, index);

  const createdAt = now - random.int(60_000, 180 * DAY_MS);
  const kycStatus = random.weighted(STATUS_WEIGHTS);
  const base: FakeApplicant = {
    userId: fakeUserId(seed, index),
    kycStatus,
    reviewAnswer: null,
    rejectType: null,
    rejectReason: null,
    documentData: null,
    ...emptyIdentity(),
    submittedAt: null,
    decidedAt: null,
    createdAt: new Date(createdAt),
    updatedAt: new Date(createdAt),
  };
  // Not submitted yet: nothing but the id.
  if (kycStatus === 'init') return base;

  const submittedAt = Math.min(createdAt + random.int(60_000, 3 * DAY_MS), now - 1000);
  const person = fakePerson(random, now);
  const applicant: FakeApplicant = { ...base, ...person, submittedAt: new Date(submittedAt), updatedAt: new Date(submittedAt) };
  if (kycStatus === 'completed' || kycStatus === 'onHold') {
    // Most reviews take minutes to hours, a few days.
    const wait = random.chance(0.8) ? random.int(5 * 60_000, 8 * 60 * 60_000) : random.int(DAY_MS / 2, 5 * DAY_MS);
    const decidedAt = new Date(Math.min(submittedAt + wait, now - 500));
    applicant.decidedAt = decidedAt;
    applicant.updatedAt = decidedAt;
  }
  if (kycStatus === 'completed') {
    const approved = random.chance(0.78);
    applicant.reviewAnswer = (approved ? 'approved' : 'rejected') satisfies ReviewAnswer;
    if (!approved) {
      applicant.rejectType = (random.chance(0.7) ? 'resubmission' : 'final') satisfies RejectType;
      applicant.rejectReason = random.pick(REJECT_REASONS);
    }
  }
  return applicant;
}

/** `count` applicants starting at item `start` of the series. */
export function fakeApplicants(count: number, options: FakeApplicantOptions & { start?: number } = {}): FakeApplicant[] {
  const start = options.start ?? 0;
  return Array.from({ length: count }, (_, offset) => fakeApplicant(start + offset, options));
}

/**
 * An integrator-style id, unique within a series: the index goes through a
 * bijection on 32 bits (an odd multiplier, then a seed-dependent XOR), so ids look
 * random but never collide for indexes below 2^32.
 */
export function fakeUserId(seed: string | number, index: number): string {
  const scrambled = (Math.imul(index, 0x9e3779b1) ^ mix32(hashSeed(seed))) >>> 0;
  return `usr_${scrambled.toString(36).padStart(7, '0')}`;
}

type Identity = Pick<
  FakeApplicant,
  | 'documentType'
  | 'name'
  | 'dateOfBirth'
  | 'sex'
  | 'placeOfBirth'
  | 'docNumber'
  | 'issuanceDate'
  | 'expiryDate'
  | 'country'
  | 'address'
  | 'height'
  | 'maritalStatus'
  | 'issuedIn'
  | 'fatherName'
  | 'motherName'
>;

function emptyIdentity(): Identity {
  return {
    documentType: null,
    name: null,
    dateOfBirth: null,
    sex: null,
    placeOfBirth: null,
    docNumber: null,
    issuanceDate: null,
    expiryDate: null,
    country: null,
    address: null,
    height: null,
    maritalStatus: null,
    issuedIn: null,
    fatherName: null,
    motherName: null,
  };
}

function fakePerson(random: Random, now: number): Identity {
  const country = random.pick(COUNTRIES);
  const sex: Sex = random.chance(0.5) ? 'M' : 'F';
  const familyName = surname(random, country, sex);
  const father = `${random.pick(country.firstNames.M)} ${familyName.split(' ')[0]}`;
  const mother = `${random.pick(country.firstNames.F)} ${surname(random, country, 'F')}`;
  const documentType = random.pick(country.documents) as DocumentType;
  const ageDays = random.int(18 * 365, 80 * 365);
  const issued = now - random.int(30, 9 * 365) * DAY_MS;
  const validYears = VALIDITY_YEARS[documentType] ?? 10;
  // A few documents have run out, as in real traffic.
  const expires = random.chance(0.03) ? now - random.int(1, 400) * DAY_MS : issued + validYears * 365.25 * DAY_MS - DAY_MS;
  const heightCm = sex === 'M' ? random.int(162, 196) : random.int(150, 182);
  return {
    documentType,
    name: `${random.pick(country.firstNames[sex])} ${familyName}`,
    dateOfBirth: isoDate(now - ageDays * DAY_MS),
    sex,
    placeOfBirth: random.pick(country.cities),
    docNumber: documentNumber(random, documentType),
    issuanceDate: isoDate(issued),
    expiryDate: isoDate(expires),
    country: country.name,
    address: address(random, country),
    height: (heightCm / 100).toFixed(2),
    maritalStatus: random.weighted(MARITAL_WEIGHTS),
    issuedIn: random.pick(country.cities),
    fatherName: father,
    motherName: mother,
  };
}

function surname(random: Random, country: CountryProfile, sex: Sex): string {
  const one = () => {
    const entry = random.pick(country.surnames);
    return typeof entry === 'string' ? entry : entry[sex === 'M' ? 0 : 1];
  };
  return country.doubleSurname ? `${one()} ${one()}` : one();
}

function address(random: Random, country: CountryProfile): string {
  const postal = country.postalCode.replace(/#/g, () => String(random.int(0, 9)));
  return country.address
    .replace('{street}', random.pick(country.streets))
    .replace('{number}', String(random.int(1, 480)))
    .replace('{postal}', postal)
    .replace('{city}', random.pick(country.cities));
}

/**
 * Nine characters whose last one is the ICAO 9303 check digit of the first eight,
 * shaped per document type (letters then digits, like most national schemes).
 */
function documentNumber(random: Random, documentType: DocumentType): string {
  switch (documentType) {
    case 'PASSPORT':
      return withCheckDigit(random.letters(2) + random.digits(6));
    case 'ID_CARD':
      return withCheckDigit(random.letters(3) + random.digits(5));
    case 'RESIDENCE_PERMIT':
      return withCheckDigit('R' + random.letters(1) + random.digits(6));
    default:
      return withCheckDigit(random.digits(8));
  }
}

function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function countryProfile(name: string | null): CountryProfile | undefined {
  return COUNTRIES.find((country) => country.name === name);
}
