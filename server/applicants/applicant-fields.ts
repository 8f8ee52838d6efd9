import type { Applicant } from './applicant.entity.js';

/** The 14 identity fields of the spec, with the column lengths of applicant.entity.ts. */
export const IDENTITY_FIELD_LENGTHS = {
  name: 200,
  dateOfBirth: 32,
  sex: 8,
  placeOfBirth: 200,
  docNumber: 64,
  issuanceDate: 32,
  expiryDate: 32,
  country: 100,
  address: 500,
  height: 16,
  maritalStatus: 16,
  issuedIn: 100,
  fatherName: 200,
  motherName: 200,
} as const satisfies Partial<Record<keyof Applicant, number>>;

export type IdentityField = keyof typeof IDENTITY_FIELD_LENGTHS;

export const IDENTITY_FIELDS = Object.keys(IDENTITY_FIELD_LENGTHS) as IdentityField[];

/** The identity fields the end user types on the verification page. */
export const PERSONAL_FIELDS = [
  'name',
  'dateOfBirth',
  'sex',
  'placeOfBirth',
  'docNumber',
  'issuanceDate',
  'expiryDate',
  'country',
  'address',
  'issuedIn',
  'maritalStatus',
] as const;
export type PersonalField = (typeof PERSONAL_FIELDS)[number];

/** Sortable list columns; anything else in `orderBy` is refused with 400. */
export const APPLICANT_ORDER_BY = ['userId', 'kycStatus', 'documentType', 'createdAt', 'updatedAt', 'submittedAt'] as const;
export type ApplicantOrderBy = (typeof APPLICANT_ORDER_BY)[number];

export const ORDER_DIRECTIONS = ['asc', 'desc'] as const;
export type OrderDirection = (typeof ORDER_DIRECTIONS)[number];
