import { injectionSignalsOf, type CheckResult } from './policy.js';

/**
 * What a person approves past: each check that failed or needs review, named by what it
 * means for the decision. Approving past any of them takes a written override reason.
 */
export const RISK_CODES = [
  'sanctions-true-match',
  'sanctions-unreviewed',
  'blocklisted-face',
  'duplicate-face',
  'document-signal',
  'injection-signal',
  'check-failed',
  'check-needs-review',
] as const;
export type RiskCode = (typeof RISK_CODES)[number];

export const RISK_LEVELS = ['low', 'medium', 'high'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

export interface ApprovalRisk {
  code: RiskCode;
  /** The check it comes from. */
  check: string;
  /** high: a finding against the applicant (a confirmed match, a blocklisted or duplicate face, a failed check); medium: a doubt for a person. */
  severity: 'high' | 'medium';
  /** The check's own words. */
  detail: string;
}

/** The risks in the applicant's checks, the highest first (the order of RISK_CODES within a severity). */
export function approvalRisks(checks: readonly CheckResult[]): ApprovalRisk[] {
  const risks = checks.filter((check) => check.verdict === 'failed' || check.verdict === 'needs-review').map(riskOf);
  const rank = (risk: ApprovalRisk) => (risk.severity === 'high' ? 0 : 100) + RISK_CODES.indexOf(risk.code);
  return risks.sort((a, b) => rank(a) - rank(b) || a.check.localeCompare(b.check));
}

/** high when any risk is, medium when there is one, low when nothing is flagged. */
export function riskLevelOf(risks: readonly ApprovalRisk[]): RiskLevel {
  if (risks.some((risk) => risk.severity === 'high')) return 'high';
  return risks.length > 0 ? 'medium' : 'low';
}

function riskOf(check: CheckResult): ApprovalRisk {
  const failed = check.verdict === 'failed';
  const risk = (code: RiskCode, severity: ApprovalRisk['severity']): ApprovalRisk => ({ code, check: check.name, severity, detail: check.detail });
  const hits = check.evidence?.hits;
  switch (check.name) {
    case 'sanctions-screening':
      // Failed: a hit confirmed as a true match; needing review with hits: hits nobody reviewed (without: no name to screen).
      if (failed) return risk('sanctions-true-match', 'high');
      if (Array.isArray(hits) && hits.length > 0) return risk('sanctions-unreviewed', 'medium');
      break;
    case 'duplicate-face': {
      const blocklist = check.evidence?.blocklist;
      if (Array.isArray(blocklist) && blocklist.length > 0) return risk('blocklisted-face', 'high');
      return risk('duplicate-face', failed ? 'high' : 'medium');
    }
    case 'document-liveness':
      return risk('document-signal', failed ? 'high' : 'medium');
    case 'liveness':
      if (!failed && injectionSignalsOf(check).suspected.length > 0) return risk('injection-signal', 'medium');
      break;
  }
  return failed ? risk('check-failed', 'high') : risk('check-needs-review', 'medium');
}
