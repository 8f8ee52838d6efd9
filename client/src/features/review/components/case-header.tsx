import type { ApplicantCheckDto, ApplicantRiskDto, ApplicantSummaryDto } from '../../../api/generated/types.gen';
import { KycStatusBadge } from '../../../components/kyc-status-badge';
import { formatDateTime, formatRelativeTime } from '../../../lib/relative-time';
import { riskReason, verdictStrip } from '../lib/case-verdicts';
import { ReviewAnswer } from './applicant-summary';

import './case-header.css';

const RISK_TITLES = { low: 'Low risk', medium: 'Medium risk', high: 'High risk' } as const;

/**
 * The case at a glance, above the decision buttons: status and answer, the risk level with
 * its reasons, the age since submission, and the verdict strip whose items jump to their evidence.
 */
export function CaseHeader({
  applicant,
  risk,
  checks,
}: {
  applicant: ApplicantSummaryDto;
  risk: ApplicantRiskDto | undefined;
  checks: readonly ApplicantCheckDto[] | undefined;
}) {
  const verdicts = verdictStrip(checks ?? []);
  const reasons = [...new Set((risk?.risks ?? []).map(riskReason))];
  return (
    <div className="case-header" aria-label="Case summary" role="group">
      <div className="case-header-facts">
        <KycStatusBadge status={applicant.kycStatus} />
        {applicant.reviewAnswer !== null && <ReviewAnswer applicant={applicant} />}
        {risk && (
          <span className="case-risk" data-level={risk.level}>
            <strong>{RISK_TITLES[risk.level]}</strong>
            {reasons.length > 0 && <span className="case-risk-reasons">: {reasons.join(', ')}</span>}
          </span>
        )}
        {applicant.submittedAt && (
          <span className="case-age" title={formatDateTime(applicant.submittedAt)}>
            Submitted {formatRelativeTime(applicant.submittedAt)}
          </span>
        )}
      </div>
      {verdicts.length > 0 && (
        <ul className="case-verdicts" aria-label="Verdicts">
          {verdicts.map((item) => (
            <li key={item.text} data-tone={item.tone}>
              <a href={`#${item.anchor}`}>{item.text}</a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
