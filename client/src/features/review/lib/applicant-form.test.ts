import { describe, expect, it } from 'vitest';

import type { ApplicantDetailsDto } from '../../../api/generated/types.gen';
import { buildApplicantDetails } from '../../../testing/applicant-factory';
import { buildUpdatePayload, toFormValues } from './applicant-form';

describe('edit applicant form values', () => {
  it('prefills text and normalises dates to YYYY-MM-DD', () => {
    const details: ApplicantDetailsDto = buildApplicantDetails({
      identity: { dateOfBirth: '21/04/1990', issuanceDate: 'garbage', expiryDate: '2031-01-30', sex: null },
    });
    const values = toFormValues(details);
    expect(values.dateOfBirth).toBe('1990-04-21');
    expect(values.issuanceDate).toBe('');
    expect(values.expiryDate).toBe('2031-01-30');
    expect(values.sex).toBe('');
    expect(values.kycStatus).toBe('pending');
  });

  it('sends only what changed, as text, with "" to clear', () => {
    const initial = toFormValues(buildApplicantDetails());
    const payload = buildUpdatePayload(initial, { ...initial, name: '  Ana Souza ', country: '', kycStatus: 'onHold' });
    expect(payload).toEqual({ name: 'Ana Souza', country: '', kycStatus: 'onHold' });
  });

  it('never clears the status and sends nothing when nothing changed', () => {
    const initial = toFormValues(buildApplicantDetails());
    expect(buildUpdatePayload(initial, { ...initial, kycStatus: '' })).toEqual({});
    expect(buildUpdatePayload(initial, initial)).toEqual({});
  });
});
