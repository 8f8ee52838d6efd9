import type { IdentityDto } from '../api/generated/types.gen';

export const NOT_PROVIDED = 'not provided';

export const SEX_OPTIONS = [
  { value: 'M', label: 'Male' },
  { value: 'F', label: 'Female' },
] as const satisfies readonly { value: NonNullable<IdentityDto['sex']>; label: string }[];

/** Wire values stay Portuguese (spec §3); the spec's 'Solteriro' typo is not repeated. */
export const MARITAL_STATUS_OPTIONS = [
  { value: 'Solteiro', label: 'Solteiro' },
  { value: 'Casado', label: 'Casado' },
  { value: 'Divorciado', label: 'Divorciado' },
  { value: 'Viuvo', label: 'Viúvo' },
] as const satisfies readonly { value: NonNullable<IdentityDto['maritalStatus']>; label: string }[];

const DOCUMENT_TYPE_LABELS: Readonly<Record<string, string>> = {
  PASSPORT: 'Passport',
  ID_CARD: 'ID card',
  DRIVERS: "Driver's licence",
  RESIDENCE_PERMIT: 'Residence permit',
  SELFIE: 'Selfie',
};

function labelOf(options: readonly { value: string; label: string }[], value: string): string {
  return options.find((option) => option.value === value)?.label ?? value;
}

export function sexLabel(value: string): string {
  return labelOf(SEX_OPTIONS, value);
}

export function maritalStatusLabel(value: string): string {
  return labelOf(MARITAL_STATUS_OPTIONS, value);
}

/** PASSPORT → Passport; an unknown type is shown as it is. */
export function documentTypeLabel(value: string): string {
  return DOCUMENT_TYPE_LABELS[value] ?? value;
}

/** 'Passport, front'; a selfie facing the camera has no side, the pose challenge's one is 'Selfie, head turned'. */
export function imageCaption(docType: string, side: string | null | undefined): string {
  if (docType === 'SELFIE' && side === 'turned') return 'Selfie, head turned';
  return side ? `${documentTypeLabel(docType)}, ${side}` : documentTypeLabel(docType);
}

export function isProvided(value: string | null | undefined): value is string {
  return value !== null && value !== undefined && value.trim() !== '';
}
