import type { UpdateApplicantDto } from '../../../api/generated/types.gen';
import type { ApplicantDetailsDto } from '../../../api/generated/types.gen';
import { normalizeDate } from './normalize-date';

/** Every field of the edit form; all values are text (spec §5). */
export const EDIT_FIELDS = [
  'name',
  'dateOfBirth',
  'sex',
  'placeOfBirth',
  'height',
  'maritalStatus',
  'fatherName',
  'motherName',
  'docNumber',
  'issuanceDate',
  'expiryDate',
  'country',
  'issuedIn',
  'address',
  'kycStatus',
] as const;
export type EditField = (typeof EDIT_FIELDS)[number];
export type ApplicantFormValues = Record<EditField, string>;

const DATE_FIELDS = new Set<EditField>(['dateOfBirth', 'issuanceDate', 'expiryDate']);

/** The prefill: stored values as text, dates as the YYYY-MM-DD a date picker accepts. */
export function toFormValues({ applicant, identity }: ApplicantDetailsDto): ApplicantFormValues {
  const values = {} as ApplicantFormValues;
  for (const field of EDIT_FIELDS) {
    const stored = field === 'kycStatus' ? applicant.kycStatus : identity[field];
    values[field] = DATE_FIELDS.has(field) ? normalizeDate(stored) : (stored ?? '');
  }
  return values;
}

/**
 * The PUT body: the fields the reviewer changed, as text ('' clears a value on the
 * server). Untouched fields are left out, so a stored date the picker could not show
 * is not wiped by saving an unrelated change, and the activity lists real changes only.
 */
export function buildUpdatePayload(initial: ApplicantFormValues, values: ApplicantFormValues): UpdateApplicantDto {
  const payload: Record<string, string> = {};
  for (const field of EDIT_FIELDS) {
    const value = values[field].trim();
    if (value === initial[field].trim()) continue;
    // The status select has an empty option, but a status cannot be cleared.
    if (field === 'kycStatus' && value === '') continue;
    payload[field] = value;
  }
  return payload as UpdateApplicantDto;
}
