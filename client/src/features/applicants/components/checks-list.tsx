import type { ApplicantCheckDto } from '../../../api/generated/types.gen';

import { ZoneRead, zoneOf } from './zone-read';

import './checks-list.css';

const CHECK_LABELS: Readonly<Record<string, string>> = {
  'document-not-expired': 'Document not expired',
  adult: 'Applicant is an adult',
  'document-number-unique': 'Document number not used by another verified applicant',
  'images-readable': 'Images readable',
  'document-read': 'Document read (machine-readable zone or barcode)',
  'data-matches-document': 'Typed data matches the document',
  'face-match': 'Selfie matches the document portrait',
  liveness: 'Liveness signals and pose challenge',
  'duplicate-face': 'Face not used by another applicant or blocklisted',
  'sanctions-screening': 'Not on a sanctions list',
  'document-liveness': 'Document liveness signals: screen capture, print, edited image (signals, not a certification)',
};

const VERDICT_TEXT: Readonly<Record<ApplicantCheckDto['verdict'], string>> = {
  passed: 'passed',
  failed: 'failed',
  'needs-review': 'needs a person to look',
  unavailable: 'could not run',
};

const ICONS: Readonly<Record<ApplicantCheckDto['verdict'], string>> = {
  passed: 'M5 10.5l3.2 3.2L15 7',
  failed: 'M6 6l8 8M14 6l-8 8',
  'needs-review': 'M10 5v6M10 14.5v.5',
  unavailable: 'M6 10h8',
};

export function checkLabel(name: string): string {
  return CHECK_LABELS[name] ?? name;
}

/** The automatic checks of the last submission: passed, failed, for a person to look at, or not run. */
export function ChecksList({ checks }: { checks: readonly ApplicantCheckDto[] }) {
  return (
    <ul className="checks-list">
      {checks.map((check) => (
        // A zone read is 30 to 44 characters wide: its check takes the whole row.
        <li key={check.name} className={`check check-${check.verdict}${check.name === 'document-read' && zoneOf(check.evidence ?? null) ? ' check-wide' : ''}`}>
          <svg viewBox="0 0 20 20" aria-hidden="true" className="check-icon">
            <path d={ICONS[check.verdict]} />
          </svg>
          <div className="check-text">
            <p className="check-name">
              {checkLabel(check.name)}
              <span className="visually-hidden">: {VERDICT_TEXT[check.verdict]}</span>
            </p>
            {check.detail && <p className="check-detail">{check.detail}</p>}
            {check.name === 'document-read' && <DocumentZone evidence={check.evidence} />}
          </div>
        </li>
      ))}
    </ul>
  );
}

function DocumentZone({ evidence }: { evidence: ApplicantCheckDto['evidence'] }) {
  const zone = zoneOf(evidence ?? null);
  return zone ? <ZoneRead lines={zone.lines} doubtful={zone.doubtful} /> : null;
}
