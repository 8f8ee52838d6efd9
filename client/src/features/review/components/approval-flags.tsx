import type { ReactNode } from 'react';

import { Alert } from '../../../components/ui/alert';

/** A flagged check (failed, or a person must look) the approve dialog names: its short name and what it found. */
export interface ApprovalFlag {
  name: string;
  label: string;
  /** What the check found, one line each (a duplicate lists each applicant with the same face). */
  notes: ReactNode[];
}

/** The flagged checks a reviewer is about to approve past, in the approve dialog. */
export function ApprovalFlags({ flags }: { flags: readonly ApprovalFlag[] }) {
  if (flags.length === 0) return null;
  return (
    <Alert variant="warning" title="Flagged: look before you approve">
      <ul className="approval-flags" aria-label="Flagged checks">
        {flags.map((flag) => (
          <li key={flag.name}>
            <strong>{flag.label}</strong>
            {flag.notes.length === 1 ? (
              <>: {flag.notes[0]}</>
            ) : (
              <ul>
                {flag.notes.map((note, index) => (
                  <li key={index}>{note}</li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </Alert>
  );
}
