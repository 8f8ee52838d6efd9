/** The automatic checks run on submission, each recorded with its result. */
export interface PrecheckResult {
  name: 'document-not-expired' | 'adult' | 'document-number-unique' | 'images-readable';
  verdict: 'passed' | 'failed';
  detail: string;
}

const verdict = (passed: boolean): PrecheckResult['verdict'] => (passed ? 'passed' : 'failed');

export interface PrecheckInput {
  expiryDate: string | null;
  dateOfBirth: string | null;
  /** userIds of this organization whose approved verification used the same document number. */
  approvedElsewhere: string[];
  unreadableImages: string[];
  today: Date;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A YYYY-MM-DD string as a UTC date, or null when it is not a real calendar date. */
export function parseIsoDate(value: string | null): Date | null {
  const match = ISO_DATE.exec(value ?? '');
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value ? date : null;
}

export function ageOn(dateOfBirth: Date, today: Date): number {
  let age = today.getUTCFullYear() - dateOfBirth.getUTCFullYear();
  const beforeBirthday =
    today.getUTCMonth() < dateOfBirth.getUTCMonth() || (today.getUTCMonth() === dateOfBirth.getUTCMonth() && today.getUTCDate() < dateOfBirth.getUTCDate());
  if (beforeBirthday) age -= 1;
  return age;
}

export function runPrechecks(input: PrecheckInput): PrecheckResult[] {
  const todayIso = input.today.toISOString().slice(0, 10);
  const expiry = parseIsoDate(input.expiryDate);
  const birth = parseIsoDate(input.dateOfBirth);
  return [
    {
      name: 'document-not-expired',
      verdict: verdict(expiry !== null && input.expiryDate! > todayIso),
      detail: expiry === null ? 'No valid expiry date' : `Expires ${input.expiryDate}`,
    },
    {
      name: 'adult',
      verdict: verdict(birth !== null && ageOn(birth, input.today) >= 18),
      detail: birth === null ? 'No valid date of birth' : `Age ${ageOn(birth, input.today)}`,
    },
    {
      name: 'document-number-unique',
      verdict: verdict(input.approvedElsewhere.length === 0),
      detail:
        input.approvedElsewhere.length === 0 ? 'Not verified for another applicant' : `Already verified for ${input.approvedElsewhere.slice(0, 3).join(', ')}`,
    },
    {
      name: 'images-readable',
      verdict: verdict(input.unreadableImages.length === 0),
      detail: input.unreadableImages.length === 0 ? 'All images readable' : `Unreadable: ${input.unreadableImages.join(', ')}`,
    },
  ];
}
