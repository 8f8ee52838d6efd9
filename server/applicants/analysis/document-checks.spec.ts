import { documentAnalysisChecks } from './document-checks.js';
import type { DocumentData } from './document-data.js';

const TODAY = new Date('2026-11-28T00:00:00Z');
const passport: DocumentData = {
  source: 'mrz',
  format: 'TD3',
  surname: 'MARTIN',
  givenNames: 'LOUISE',
  documentNumber: 'AB0012345',
  dateOfBirth: '1990-10-04',
  expiryDate: '2026-06-30',
  sex: 'F',
  nationality: 'FRA',
  issuingState: 'FRA',
};
/** What the applicant typed: a later expiry than the document's. */
const typed = { name: 'Louise Martin', dateOfBirth: '1990-10-04', docNumber: 'AB0012345', expiryDate: '2029-06-30', sex: 'F' };

describe("the document analysis's checks", () => {
  it("judge expiry and age by the document's dates, not the typed ones", () => {
    const checks = documentAnalysisChecks(typed, { read: passport, reason: '', unavailable: false }, TODAY);
    expect(checks.find((check) => check.name === 'document-not-expired')).toMatchObject({
      verdict: 'failed',
      detail: 'Expires 2026-06-30 (read from the document)',
      evidence: { source: 'document', expiryDate: '2026-06-30' },
    });
    expect(checks.find((check) => check.name === 'adult')).toMatchObject({ verdict: 'passed', detail: 'Age 36 (read from the document)' });
    expect(checks.find((check) => check.name === 'data-matches-document')).toMatchObject({ verdict: 'failed' });
  });

  it('an under-age date of birth on the document fails adult, whatever was typed', () => {
    const minor = { ...passport, dateOfBirth: '2010-01-15', expiryDate: '2031-01-01' };
    const checks = documentAnalysisChecks({ ...typed, dateOfBirth: '1990-01-15' }, { read: minor, reason: '', unavailable: false }, TODAY);
    expect(checks.find((check) => check.name === 'adult')).toMatchObject({ verdict: 'failed', detail: 'Age 16 (read from the document)' });
    expect(checks.find((check) => check.name === 'document-not-expired')).toMatchObject({ verdict: 'passed' });
  });

  it('asks a person to look at a read with a character in doubt, and at a difference it may explain', () => {
    const doubtful = { ...passport, surname: 'MARTLN', doubtful: [{ line: 0, column: 9, read: 'L', rivals: ['I'] }] };
    const checks = documentAnalysisChecks(typed, { read: doubtful, reason: '', unavailable: false }, TODAY);
    expect(checks.find((check) => check.name === 'document-read')).toMatchObject({
      verdict: 'needs-review',
      detail: "TD3 machine-readable zone read; every check digit passed, but a character no check digit guards is in doubt: line 1, column 10 ('L' or 'I')",
      evidence: { doubtful: [{ line: 0, column: 9, read: 'L', rivals: ['I'] }] },
    });
    // The name differs only where the read is in doubt: not the applicant's failure.
    expect(checks.find((check) => check.name === 'data-matches-document')).toMatchObject({ verdict: 'needs-review' });
  });

  it("leaves the typed dates' checks in place when the document gives no date, or nothing was read", () => {
    const withoutDates = documentAnalysisChecks(typed, { read: { ...passport, expiryDate: null, dateOfBirth: null }, reason: '', unavailable: false }, TODAY);
    expect(withoutDates.map((check) => check.name)).toEqual(['document-read', 'data-matches-document']);
    const unread = documentAnalysisChecks(typed, { read: null, reason: 'no machine-readable zone found', unavailable: false }, TODAY);
    expect(unread.map((check) => check.name)).toEqual(['document-read', 'data-matches-document']);
  });
});
