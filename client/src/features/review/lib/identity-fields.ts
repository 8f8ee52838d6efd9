import type { IdentityDto } from '../../../api/generated/types.gen';
import { maritalStatusLabel, sexLabel } from '../../../lib/applicant-labels';

export type IdentityField = Exclude<keyof IdentityDto, 'images'>;

/** The 14 identity rows of the details screen, in the spec's order. */
export const IDENTITY_ROWS: readonly { field: IdentityField; label: string }[] = [
  { field: 'name', label: 'Name' },
  { field: 'dateOfBirth', label: 'Date of Birth' },
  { field: 'sex', label: 'Sex' },
  { field: 'placeOfBirth', label: 'Place of Birth' },
  { field: 'docNumber', label: 'Doc Number' },
  { field: 'issuanceDate', label: 'Issuance Date' },
  { field: 'expiryDate', label: 'Expiry Date' },
  { field: 'country', label: 'Country' },
  { field: 'address', label: 'Address' },
  { field: 'height', label: 'Height' },
  { field: 'maritalStatus', label: 'Marital Status' },
  { field: 'issuedIn', label: 'Issued In' },
  { field: 'fatherName', label: "Father's Name" },
  { field: 'motherName', label: "Mother's Name" },
];

/** How a stored value reads on screen: enum values get their labels. */
export function displayIdentityValue(field: IdentityField | string, value: string): string {
  if (field === 'sex') return sexLabel(value);
  if (field === 'maritalStatus') return maritalStatusLabel(value);
  return value;
}

const FIELD_LABELS: Readonly<Record<string, string>> = {
  ...Object.fromEntries(IDENTITY_ROWS.map(({ field, label }) => [field, label])),
  kycStatus: 'KYC Status',
  documentType: 'Document Type',
  reviewAnswer: 'Review answer',
  rejectType: 'Reject type',
  rejectReason: 'Reject reason',
};

/** A field name of the audit trail as people read it. */
export function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? field;
}
