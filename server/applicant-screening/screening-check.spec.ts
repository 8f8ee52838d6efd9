import { newHits, outcomeOf, screeningCheck, screeningFingerprint, type ScreeningOutcome, type StoredHitReview } from './screening-check.js';

const fingerprint = screeningFingerprint({ name: 'Victor Kovalenko', dateOfBirth: '1961-03-14', nationality: 'RU' });
const hit = {
  key: 'ofac-sdn:9101',
  list: 'ofac-sdn',
  externalId: '9101',
  name: 'Viktor Ivanovich KOVALENKO',
  matchedName: 'KOVALENKO, Victor',
  aliases: ['KOVALENKO, Victor'],
  datesOfBirth: ['1961-03-14'],
  nationalities: ['RU'],
  programmes: ['UKRAINE-EO13660'],
  score: 1.03,
  nameScore: 0.95,
  dateOfBirth: 'exact' as const,
  nationality: 'match' as const,
  matchedFields: ['name' as const, 'dateOfBirth' as const, 'nationality' as const],
};
const outcome: ScreeningOutcome = { status: 'screened', threshold: 0.9, lists: [{ source: 'ofac-sdn', version: '2026-11-01' }], fingerprint, hits: [hit] };
const review = (verdict: StoredHitReview['verdict'], at: string, print = fingerprint): StoredHitReview => ({
  hitKey: hit.key,
  fingerprint: print,
  verdict,
  note: 'n',
  reviewedBy: 'staff',
  reviewedAt: at,
});

describe('the sanctions-screening check', () => {
  it('is unavailable, never clear, without an imported list', () => {
    expect(screeningCheck({ ...outcome, status: 'no-lists', lists: [], hits: [] }, [])).toMatchObject({
      verdict: 'unavailable',
      detail: 'No sanctions list is imported: the applicant was not screened',
    });
  });

  it('passes without hits, naming the lists and threshold', () => {
    expect(screeningCheck({ ...outcome, hits: [] }, [])).toMatchObject({
      verdict: 'passed',
      detail: 'No match on OFAC SDN (2026-11-01) at threshold 0.90',
      score: null,
    });
  });

  it('asks a person about an unreviewed hit, fails a confirmed one, passes one dismissed for the same data', () => {
    expect(screeningCheck(outcome, [])).toMatchObject({ verdict: 'needs-review', score: 1.03 });
    expect(screeningCheck(outcome, [review('true-match', '2026-01-01T00:00:00.000Z')])).toMatchObject({ verdict: 'failed' });
    expect(screeningCheck(outcome, [review('false-positive', '2026-01-01T00:00:00.000Z')])).toMatchObject({ verdict: 'passed' });
    // The latest review counts.
    expect(screeningCheck(outcome, [review('false-positive', '2026-01-01T00:00:00.000Z'), review('true-match', '2026-02-01T00:00:00.000Z')])).toMatchObject({
      verdict: 'failed',
    });
  });

  it('raises a dismissed hit again when the screened data changed', () => {
    const other = screeningFingerprint({ name: 'Victor Kovalenko', dateOfBirth: '1961-03-15', nationality: 'RU' });
    expect(other).not.toBe(fingerprint);
    expect(screeningFingerprint({ name: '  victor   KOVALENKO ', dateOfBirth: '1961-03-14', nationality: 'RU' })).toBe(fingerprint);
    expect(screeningCheck(outcome, [review('false-positive', '2026-01-01T00:00:00.000Z', other)])).toMatchObject({ verdict: 'needs-review' });
  });

  it('keeps the run in its evidence so a review can be applied later, and tells new hits from old ones', () => {
    const check = screeningCheck(outcome, []);
    expect(outcomeOf(check.evidence)).toEqual(outcome);
    expect(newHits(check, null).map((h) => h.key)).toEqual(['ofac-sdn:9101']);
    expect(newHits(check, check.evidence)).toEqual([]);
    expect(newHits(screeningCheck(outcome, [review('false-positive', '2026-01-01T00:00:00.000Z')]), null)).toEqual([]);
  });
});
