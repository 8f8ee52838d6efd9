import { ageOn, parseIsoDate, runPrechecks, type PrecheckInput } from './prechecks.js';

const today = new Date('2026-11-21T10:00:00Z');
const base: PrecheckInput = { expiryDate: '2030-01-01', dateOfBirth: '1990-05-17', approvedElsewhere: [], unreadableImages: [], today };
const result = (overrides: Partial<PrecheckInput>) => Object.fromEntries(runPrechecks({ ...base, ...overrides }).map((r) => [r.name, r.verdict === 'passed']));

describe('prechecks', () => {
  it('pass for an adult with a valid, unexpired, unique document and readable images', () => {
    expect(result({})).toEqual({
      'document-not-expired': true,
      adult: true,
      'document-number-unique': true,
      'images-readable': true,
    });
  });

  it('fail an expired document, including one expiring today', () => {
    expect(result({ expiryDate: '2026-11-20' })['document-not-expired']).toBe(false);
    expect(result({ expiryDate: '2026-11-21' })['document-not-expired']).toBe(false);
    expect(result({ expiryDate: '2026-02-30' })['document-not-expired']).toBe(false);
  });

  it('fail an applicant one day short of 18', () => {
    expect(result({ dateOfBirth: '2008-11-22' }).adult).toBe(false);
    expect(result({ dateOfBirth: '2008-11-21' }).adult).toBe(true);
    expect(ageOn(parseIsoDate('2008-11-22')!, today)).toBe(17);
  });

  it('fail a document number already verified for another userId, and unreadable images', () => {
    expect(result({ approvedElsewhere: ['user-9'] })['document-number-unique']).toBe(false);
    expect(result({ unreadableImages: ['ID_CARD back'] })['images-readable']).toBe(false);
  });
});
