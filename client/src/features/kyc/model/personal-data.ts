import type { PersonalDataDto, WidgetPersonalDataDto } from '../../../api/generated/types.gen';

export const REQUIRED_MESSAGE = 'This field is required';
export const INVALID_MESSAGE = 'This field is invalid';

/** The form's fields, in the order the applicant fills them in. */
export const PERSONAL_FIELDS = ['name', 'dateOfBirth', 'sex', 'placeOfBirth', 'docNumber', 'issuanceDate', 'expiryDate', 'country', 'address'] as const;

export type PersonalField = (typeof PERSONAL_FIELDS)[number];
export type PersonalDataValues = Record<PersonalField, string>;
export type PersonalDataErrors = Partial<Record<PersonalField, string>>;

const REQUIRED: readonly PersonalField[] = ['name', 'dateOfBirth', 'docNumber', 'expiryDate', 'country'];

export const PERSONAL_LABELS: Record<PersonalField, string> = {
  name: 'Full name',
  dateOfBirth: 'Date of birth',
  sex: 'Sex',
  placeOfBirth: 'Place of birth',
  docNumber: 'Document number',
  issuanceDate: 'Issue date',
  expiryDate: 'Expiry date',
  country: 'Country',
  address: 'Address',
};

export const SEX_LABELS: Record<string, string> = { F: 'Female', M: 'Male' };

export function isRequired(field: PersonalField): boolean {
  return REQUIRED.includes(field);
}

export function emptyPersonalData(): PersonalDataValues {
  return Object.fromEntries(PERSONAL_FIELDS.map((field) => [field, ''])) as PersonalDataValues;
}

export function personalDataFromSession(data: WidgetPersonalDataDto | undefined): PersonalDataValues {
  const values = emptyPersonalData();
  if (!data) return values;
  for (const field of PERSONAL_FIELDS) values[field] = data[field] ?? '';
  return values;
}

/** The server accepts a submission once these are stored. */
export function hasRequiredPersonalData(values: PersonalDataValues): boolean {
  return REQUIRED.every((field) => values[field].trim() !== '');
}

/** A real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export function todayIso(now = new Date()): string {
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}

export function validatePersonalData(values: PersonalDataValues, now = new Date()): PersonalDataErrors {
  const errors: PersonalDataErrors = {};
  const today = todayIso(now);
  for (const field of REQUIRED) {
    if (values[field].trim() === '') errors[field] = REQUIRED_MESSAGE;
  }
  for (const field of ['dateOfBirth', 'issuanceDate', 'expiryDate'] as const) {
    if (!errors[field] && values[field] !== '' && !isIsoDate(values[field])) errors[field] = INVALID_MESSAGE;
  }
  // A birth or issue date in the future, or an expiry before the issue, is a typing mistake.
  if (!errors.dateOfBirth && values.dateOfBirth !== '' && (values.dateOfBirth >= today || values.dateOfBirth < '1900-01-01')) {
    errors.dateOfBirth = INVALID_MESSAGE;
  }
  if (!errors.issuanceDate && values.issuanceDate !== '' && values.issuanceDate > today) {
    errors.issuanceDate = INVALID_MESSAGE;
  }
  if (!errors.expiryDate && values.expiryDate !== '' && !errors.issuanceDate && values.issuanceDate !== '' && values.expiryDate <= values.issuanceDate) {
    errors.expiryDate = INVALID_MESSAGE;
  }
  if (values.sex !== '' && !(values.sex in SEX_LABELS)) errors.sex = INVALID_MESSAGE;
  return errors;
}

/** The request body: trimmed, and empty strings left out (spec §5). */
export function toPersonalDataDto(values: PersonalDataValues): PersonalDataDto {
  const present = (value: string) => (value.trim() === '' ? undefined : value.trim());
  return {
    name: values.name.trim(),
    dateOfBirth: values.dateOfBirth,
    sex: present(values.sex) as PersonalDataDto['sex'],
    placeOfBirth: present(values.placeOfBirth),
    docNumber: values.docNumber.trim(),
    issuanceDate: present(values.issuanceDate),
    expiryDate: values.expiryDate,
    country: values.country.trim(),
    address: present(values.address),
  };
}
