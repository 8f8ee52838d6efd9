import { describe, expect, it } from 'vitest';

import type { ApplicantCheckDto } from '../../../api/generated/types.gen';
import { riskReason, verdictStrip } from './case-verdicts';

const check = (name: string, verdict: ApplicantCheckDto['verdict'], evidence: ApplicantCheckDto['evidence'] = null): ApplicantCheckDto =>
  ({
    name,
    verdict,
    passed: verdict === 'passed',
    score: null,
    detail: `${name} ${verdict}`,
    evidence,
    createdAt: '2026-11-29T10:00:00.000Z',
  }) as ApplicantCheckDto;

describe('the verdict strip', () => {
  it('counts failed and doubtful checks and names the sanctions and face findings, each pointing at its evidence', () => {
    const strip = verdictStrip([
      check('document-not-expired', 'failed'),
      check('liveness', 'needs-review'),
      check('data-matches-document', 'needs-review'),
      check('sanctions-screening', 'failed', { hits: [{ key: 'l:1' }] }),
      check('duplicate-face', 'needs-review', { matches: [{ userId: 'x' }], blocklist: [] }),
    ]);
    expect(strip.map((item) => `${item.text}→${item.anchor}`)).toEqual([
      '2 failed→case-checks',
      '3 need review→case-checks',
      'sanctions: true match→case-screening',
      'face: duplicate→case-faces',
    ]);
  });

  it('says all checks passed, the sanctions clear or not screened, and nothing before any check', () => {
    expect(verdictStrip([])).toEqual([]);
    expect(verdictStrip([check('adult', 'passed'), check('sanctions-screening', 'passed')]).map((item) => item.text)).toEqual([
      'All checks passed',
      'sanctions: clear',
    ]);
    expect(verdictStrip([check('sanctions-screening', 'unavailable')]).map((item) => item.text)).toEqual(['All checks passed', 'sanctions: not screened']);
    expect(verdictStrip([check('sanctions-screening', 'needs-review', { hits: [{}, {}] })]).map((item) => item.text)).toEqual([
      '1 needs review',
      'sanctions: 2 hits to review',
    ]);
  });

  it('gives each risk a short reason', () => {
    expect(riskReason({ code: 'sanctions-true-match', check: 'sanctions-screening', severity: 'high', detail: '' })).toBe('Confirmed sanctions match');
    expect(riskReason({ code: 'check-failed', check: 'document-not-expired', severity: 'high', detail: '' })).toBe('Expired document');
    expect(riskReason({ code: 'check-needs-review', check: 'liveness', severity: 'medium', detail: '' })).toBe('Liveness (to review)');
  });
});
