import { useEffect } from 'react';

import { Button } from '../../../components/ui/button';
import { KYC_COMPLETION_REDIRECT_DELAY_MS } from '../../../config/constants';
import { browserNavigation, safeRedirectUrl } from '../lib/redirect';
import { KycMessage } from './kyc-message';

/** Spec §4: on completed the page goes to the redirect URL after 2 seconds. */
function useCompletionRedirect(target: string | null) {
  useEffect(() => {
    if (!target) return;
    const timer = setTimeout(() => browserNavigation.assign(target), KYC_COMPLETION_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [target]);
}

export function ProcessingState({ organizationName, message = null }: { organizationName: string; message?: string | null }) {
  return (
    <KycMessage tone="progress" title="We're checking your documents…">
      {message && <p data-testid="kyc-decision-message">{message}</p>}
      <p>
        Thank you! {organizationName} will be told the result as soon as the check is done. This page updates by itself — you can keep it open or come back
        later.
      </p>
    </KycMessage>
  );
}

export function CompletedState({ organizationName, redirectUrl }: { organizationName: string; redirectUrl: string | null }) {
  const target = safeRedirectUrl(redirectUrl);
  useCompletionRedirect(target);

  return (
    <KycMessage tone="success" title="You're verified">
      <p>Your identity has been confirmed for {organizationName}.</p>
      {target ? (
        <p>
          Taking you back to {organizationName}… <a href={target}>Continue now</a>
        </p>
      ) : (
        <p>You can close this page now.</p>
      )}
    </KycMessage>
  );
}

export function FailedState({
  organizationName,
  canResubmit,
  onTryAgain,
  message = null,
}: {
  organizationName: string;
  canResubmit: boolean;
  onTryAgain: () => void;
  /** Why, in the organization's words (the decision label's end-user text). */
  message?: string | null;
}) {
  return (
    <KycMessage
      tone="danger"
      title="We couldn't verify your identity"
      actions={
        canResubmit && (
          <Button size="large" onClick={onTryAgain}>
            Try again
          </Button>
        )
      }
    >
      {message && <p data-testid="kyc-decision-message">{message}</p>}
      {canResubmit ? (
        <p>Some of your photos or details need to be provided again. It only takes a few minutes.</p>
      ) : (
        <p>
          {organizationName} could not confirm your identity with the documents provided. If you think this is a mistake, please contact {organizationName}.
        </p>
      )}
    </KycMessage>
  );
}
