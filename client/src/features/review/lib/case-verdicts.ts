import type { ApplicantCheckDto, ApprovalRiskDto } from '../../../api/generated/types.gen';
import { flagLabel } from '../../../lib/check-labels';

/** Where on the case page each kind of evidence is: the verdict strip's items jump there. */
export const EVIDENCE_ANCHORS = { checks: 'case-checks', screening: 'case-screening', faces: 'case-faces' } as const;

export interface VerdictItem {
  text: string;
  anchor: (typeof EVIDENCE_ANCHORS)[keyof typeof EVIDENCE_ANCHORS];
  tone: 'danger' | 'warning' | 'neutral' | 'success';
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * The case in one line — "1 failed · 3 need review · sanctions: true match · face: duplicate" —
 * from the checks, each item pointing at its evidence. Nothing flagged: "All checks passed".
 */
export function verdictStrip(checks: readonly ApplicantCheckDto[]): VerdictItem[] {
  if (checks.length === 0) return [];
  const failed = checks.filter((check) => check.verdict === 'failed').length;
  const review = checks.filter((check) => check.verdict === 'needs-review').length;
  const items: VerdictItem[] = [];
  if (failed > 0) items.push({ text: `${failed} failed`, anchor: EVIDENCE_ANCHORS.checks, tone: 'danger' });
  if (review > 0) items.push({ text: plural(review, 'needs review', 'need review'), anchor: EVIDENCE_ANCHORS.checks, tone: 'warning' });
  if (failed + review === 0) items.push({ text: 'All checks passed', anchor: EVIDENCE_ANCHORS.checks, tone: 'success' });
  const screening = checks.find((check) => check.name === 'sanctions-screening');
  if (screening) items.push({ ...sanctionsVerdict(screening), anchor: EVIDENCE_ANCHORS.screening });
  const duplicate = checks.find((check) => check.name === 'duplicate-face');
  if (duplicate && (duplicate.verdict === 'failed' || duplicate.verdict === 'needs-review')) {
    const blocklist = duplicate.evidence?.blocklist;
    const blocklisted = Array.isArray(blocklist) && blocklist.length > 0;
    items.push({
      text: blocklisted ? 'face: blocklisted' : 'face: duplicate',
      anchor: EVIDENCE_ANCHORS.faces,
      tone: duplicate.verdict === 'failed' ? 'danger' : 'warning',
    });
  }
  return items;
}

function sanctionsVerdict(check: ApplicantCheckDto): Pick<VerdictItem, 'text' | 'tone'> {
  const hits = Array.isArray(check.evidence?.hits) ? check.evidence.hits.length : 0;
  switch (check.verdict) {
    case 'failed':
      return { text: 'sanctions: true match', tone: 'danger' };
    case 'needs-review':
      return hits > 0
        ? { text: `sanctions: ${plural(hits, 'hit', 'hits')} to review`, tone: 'warning' }
        : { text: 'sanctions: no name to screen', tone: 'warning' };
    case 'passed':
      return { text: 'sanctions: clear', tone: 'success' };
    default:
      return { text: 'sanctions: not screened', tone: 'neutral' };
  }
}

const RISK_WORDS: Partial<Record<ApprovalRiskDto['code'], string>> = {
  'sanctions-true-match': 'Confirmed sanctions match',
  'sanctions-unreviewed': 'Sanctions hits to review',
  'blocklisted-face': 'Blocklisted face',
  'duplicate-face': 'Duplicate face',
  'document-signal': 'Document liveness signal',
  'injection-signal': 'Selfie injection signal',
};

/** A risk's reason in a few words: its kind, or the check's short name and verdict. */
export function riskReason(risk: ApprovalRiskDto): string {
  return RISK_WORDS[risk.code] ?? `${flagLabel(risk.check)}${risk.code === 'check-failed' ? '' : ' (to review)'}`;
}
