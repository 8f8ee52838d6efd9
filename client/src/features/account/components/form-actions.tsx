import type { ReactNode } from 'react';

import { ButtonLink } from '../../../components/ui/button-link';

/** The footer of an account form: the submit button (children), then Cancel back to `cancelTo`. */
export function FormActions({ cancelTo, children }: { cancelTo: string; children: ReactNode }) {
  return (
    <div className="account-form-actions">
      {children}
      <ButtonLink to={cancelTo} variant="outline">
        Cancel
      </ButtonLink>
    </div>
  );
}
