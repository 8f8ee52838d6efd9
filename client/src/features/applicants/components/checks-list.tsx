import type { ApplicantCheckDto } from '../../../api/generated/types.gen';

import './checks-list.css';

const CHECK_LABELS: Readonly<Record<string, string>> = {
  'document-not-expired': 'Document not expired',
  adult: 'Applicant is an adult',
  'document-number-unique': 'Document number not used by another verified applicant',
  'images-readable': 'Images readable',
};

export function checkLabel(name: string): string {
  return CHECK_LABELS[name] ?? name;
}

/** The automatic prechecks run on submission, passed or failed, with what they found. */
export function ChecksList({ checks }: { checks: readonly ApplicantCheckDto[] }) {
  return (
    <ul className="checks-list">
      {checks.map((check) => (
        <li key={check.name} className={check.passed ? 'check check-passed' : 'check check-failed'}>
          <svg viewBox="0 0 20 20" aria-hidden="true" className="check-icon">
            {check.passed ? <path d="M5 10.5l3.2 3.2L15 7" /> : <path d="M6 6l8 8M14 6l-8 8" />}
          </svg>
          <div className="check-text">
            <p className="check-name">
              {checkLabel(check.name)}
              <span className="visually-hidden">{check.passed ? ': passed' : ': failed'}</span>
            </p>
            {check.detail && <p className="check-detail">{check.detail}</p>}
          </div>
        </li>
      ))}
    </ul>
  );
}
