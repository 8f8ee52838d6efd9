import type { ApplicantSummaryDto as Summary } from '../../../api/generated/types.gen';
import { KycStatusBadge } from '../../../components/kyc-status-badge';
import { documentTypeLabel, isProvided, NOT_PROVIDED } from '../../../lib/applicant-labels';

import './key-value-table.css';
import './applicant-summary.css';

const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function ReviewAnswer({ applicant }: { applicant: Summary }) {
  if (applicant.reviewAnswer === 'approved') {
    return <span className="review-answer review-answer-approved">Approved</span>;
  }
  const finality = applicant.rejectType === 'final' ? 'final' : 'may resubmit';
  return (
    <span className="review-answer review-answer-rejected">
      Rejected <span className="review-answer-type">({finality})</span>
    </span>
  );
}

/** User ID, Status and Document Type, plus the review answer once decided. */
export function ApplicantSummary({ applicant }: { applicant: Summary }) {
  const decided = applicant.reviewAnswer !== null;
  return (
    <table className="kv-table applicant-summary">
      <caption className="visually-hidden">Summary</caption>
      <tbody>
        <tr>
          <th scope="row">User ID</th>
          <td className="applicant-summary-user-id">{applicant.userId}</td>
        </tr>
        <tr>
          <th scope="row">Status</th>
          <td>
            <KycStatusBadge status={applicant.kycStatus} />
          </td>
        </tr>
        <tr>
          <th scope="row">Document Type</th>
          <td>{isProvided(applicant.documentType) ? documentTypeLabel(applicant.documentType) : <span className="kv-not-provided">{NOT_PROVIDED}</span>}</td>
        </tr>
        {decided && (
          <tr>
            <th scope="row">Review answer</th>
            <td>
              <ReviewAnswer applicant={applicant} />
            </td>
          </tr>
        )}
        {decided && applicant.reviewAnswer === 'rejected' && isProvided(applicant.rejectReason) && (
          <tr>
            <th scope="row">Reason</th>
            <td>{applicant.rejectReason}</td>
          </tr>
        )}
        {applicant.submittedAt && (
          <tr>
            <th scope="row">Submitted</th>
            <td>{dateTimeFormat.format(new Date(applicant.submittedAt))}</td>
          </tr>
        )}
        {decided && applicant.decidedAt && (
          <tr>
            <th scope="row">Decided</th>
            <td>{dateTimeFormat.format(new Date(applicant.decidedAt))}</td>
          </tr>
        )}
      </tbody>
    </table>
  );
}
