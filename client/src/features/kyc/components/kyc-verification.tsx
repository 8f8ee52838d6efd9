import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';

import { getErrorMessage, isApiError } from '../../../api/client';
import type { WidgetSessionDto } from '../../../api/generated/types.gen';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/loading';
import { kycSessionQuery } from '../api/get-kyc-session';
import { kycKeys, type ApplicantRef } from '../api/kyc-keys';
import { useKycStatusStream, type KycStatusEvent } from '../api/use-kyc-status-stream';
import { isWebhookNotConfigured, kycTokenQuery } from '../api/widget-token';
import { SumsubWidget } from '../sumsub/sumsub-widget';
import { KycMessage } from './kyc-message';
import { CompletedState, FailedState, ProcessingState } from './outcome-states';
import { KycWidget } from './widget/kyc-widget';

/**
 * One applicant's verification: the token, the session (who and how far), the live
 * status stream, and whichever of widget / processing / outcome the status calls for.
 */
export function KycVerification({ companyKey, userId }: ApplicantRef) {
  const applicant = useMemo(() => ({ companyKey, userId }), [companyKey, userId]);
  const client = useQueryClient();
  const token = useQuery(kycTokenQuery(applicant));
  const session = useQuery({ ...kycSessionQuery(applicant), enabled: token.isSuccess });
  // The latest status the page knows of: pushed by the stream, or the answer of a submit.
  const [live, setLive] = useState<KycStatusEvent | null>(null);
  // Each "Try again" starts the widget afresh.
  const [attempt, setAttempt] = useState(0);

  const status = live?.status ?? session.data?.status;
  const redirectUrl = live?.redirectUrl ?? session.data?.redirectUrl ?? null;

  useKycStatusStream(applicant, {
    enabled: token.isSuccess && status !== undefined && status !== 'completed',
    onStatus: (event) => {
      setLive(event);
      // A decision also changes what the session says (e.g. whether a resubmission is allowed).
      if (event.status !== client.getQueryData(kycSessionQuery(applicant).queryKey)?.status) {
        void client.invalidateQueries({ queryKey: kycKeys.session(applicant) });
      }
    },
  });

  if (token.isError) return <TokenError error={token.error} onRetry={() => void token.refetch()} />;
  if (session.isError) {
    return (
      <KycMessage
        tone="danger"
        title="We couldn't load your verification"
        actions={<Button onClick={() => void session.refetch()}>Try again</Button>}
      >
        <p>{getErrorMessage(session.error)}</p>
      </KycMessage>
    );
  }
  if (!session.data || !status) return <Loading message="Preparing your verification..." />;

  const { organizationName } = session.data;
  switch (status) {
    case 'processing':
      return <ProcessingState organizationName={organizationName} />;
    case 'completed':
      return <CompletedState organizationName={organizationName} redirectUrl={redirectUrl} />;
    case 'failed':
      return (
        <FailedState
          organizationName={organizationName}
          canResubmit={session.data.canResubmit}
          onTryAgain={() => {
            setLive({ status: 'pending', redirectUrl });
            setAttempt((n) => n + 1);
          }}
        />
      );
    case 'pending':
      return session.data.provider === 'sumsub' ? (
        <SumsubWidget applicant={applicant} organizationName={organizationName} />
      ) : (
        <KycWidget
          key={attempt}
          applicant={applicant}
          session={session.data}
          startOver={attempt > 0}
          onSubmitted={(submitted: WidgetSessionDto) =>
            setLive({ status: submitted.status, redirectUrl: submitted.redirectUrl })
          }
        />
      );
  }
}

function TokenError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  // Spec §8: WEBHOOK_NOT_CONFIGURED with 'Please configure your webhook' is shown as an alert.
  if (isWebhookNotConfigured(error)) {
    return (
      <KycMessage tone="warning" title="Verification is not available yet">
        <Alert variant="warning" title="The verification service is not set up">
          {error.message}
        </Alert>
        <p>Please try again later, or contact the company that sent you this link.</p>
      </KycMessage>
    );
  }
  // A link the server refuses (4xx) stays refused; a network or server failure may pass.
  const mayPass = !isApiError(error) || error.status === 0 || error.status >= 500;
  return (
    <KycMessage
      tone="danger"
      title="We couldn't start your verification"
      actions={mayPass && <Button onClick={onRetry}>Try again</Button>}
    >
      <p>{getErrorMessage(error)}</p>
    </KycMessage>
  );
}
