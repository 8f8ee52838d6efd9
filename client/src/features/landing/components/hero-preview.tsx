import { CheckIcon } from './check-icon';

import './hero-preview.css';

const IDENTITY_ROWS: ReadonlyArray<readonly [string, string]> = [
  ['Name', 'Maria Alves Silva'],
  ['Date of Birth', '1990-04-12'],
  ['Doc Number', 'CA 482 913'],
  ['Expiry Date', '2031-08-30'],
  ['Country', 'Portugal'],
];

// Only checks the product runs today (server/applicants/lifecycle/prechecks.ts and the document analysis).
const CHECKS = ['Document read', 'Data matches document', 'Document not expired', 'Document number not reused'];

/** An illustration of the review screen; the data is made up, so it is hidden from assistive tech. */
export function HeroPreview() {
  return (
    <div className="hero-preview" aria-hidden="true">
      <div className="hero-preview-glow" />
      <div className="preview-card">
        <div className="preview-card-header">
          <div>
            <p className="preview-label">Applicant</p>
            <p className="preview-user">usr_48213</p>
          </div>
          <span className="preview-status">
            <CheckIcon className="preview-status-icon" />
            Completed
          </span>
        </div>

        <div className="preview-body">
          <div className="preview-document">
            <div className="preview-document-top">
              <span className="preview-document-flag" />
              <span className="preview-document-title">Identity card</span>
            </div>
            <div className="preview-document-content">
              <div className="preview-document-photo">
                <span className="preview-document-head" />
                <span className="preview-document-shoulders" />
              </div>
              <div className="preview-document-lines">
                <span />
                <span />
                <span />
                <span className="short" />
              </div>
            </div>
            <div className="preview-document-mrz">
              <span />
              <span />
            </div>
            <span className="preview-lens" />
          </div>

          <dl className="preview-identity">
            {IDENTITY_ROWS.map(([label, value]) => (
              <div key={label} className="preview-identity-row">
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </div>

        <ul className="preview-checks">
          {CHECKS.map((check) => (
            <li key={check}>
              <CheckIcon className="preview-check-icon" />
              {check}
            </li>
          ))}
        </ul>
      </div>

      <div className="preview-toast">
        <span className="preview-toast-dot" />
        <div>
          <p className="preview-toast-title">Webhook delivered</p>
          <p className="preview-toast-text">applicant.completed · 200 OK</p>
        </div>
      </div>
    </div>
  );
}
