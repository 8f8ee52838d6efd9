import { describe, expect, it } from 'vitest';

import { emptyPersonalData, toPersonalDataDto, validatePersonalData } from './personal-data';

const now = new Date('2026-11-21T12:00:00Z');
const valid = {
  ...emptyPersonalData(),
  name: ' Ana Souza ',
  dateOfBirth: '1990-05-17',
  docNumber: 'X1234567',
  expiryDate: '2031-01-01',
  country: 'Brazil',
};

describe('personal data', () => {
  it('requires name, date of birth, document number, expiry date and country', () => {
    expect(validatePersonalData(emptyPersonalData(), now)).toEqual({
      name: 'This field is required',
      dateOfBirth: 'This field is required',
      docNumber: 'This field is required',
      expiryDate: 'This field is required',
      country: 'This field is required',
    });
    expect(validatePersonalData(valid, now)).toEqual({});
  });

  it('refuses impossible dates, a birth date in the future and an expiry before the issue', () => {
    expect(validatePersonalData({ ...valid, dateOfBirth: '1990-02-30' }, now)).toEqual({ dateOfBirth: 'This field is invalid' });
    expect(validatePersonalData({ ...valid, dateOfBirth: '2027-01-01' }, now)).toEqual({ dateOfBirth: 'This field is invalid' });
    expect(validatePersonalData({ ...valid, issuanceDate: '2030-01-01' }, now)).toEqual({ issuanceDate: 'This field is invalid' });
    expect(validatePersonalData({ ...valid, issuanceDate: '2021-01-01', expiryDate: '2020-01-01' }, now)).toEqual({
      expiryDate: 'This field is invalid',
    });
  });

  it('sends trimmed values and leaves empty optional fields out', () => {
    expect(JSON.parse(JSON.stringify(toPersonalDataDto({ ...valid, sex: 'F' })))).toEqual({
      name: 'Ana Souza',
      dateOfBirth: '1990-05-17',
      sex: 'F',
      docNumber: 'X1234567',
      expiryDate: '2031-01-01',
      country: 'Brazil',
    });
  });
});
