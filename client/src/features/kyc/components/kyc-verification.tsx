import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { getErrorMessage, hasErrorCode, isApiError } from '../../../api/client';
import type { WidgetSessionDto } from '../../../api/generated/types.gen';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/loading';
import { kycSessionQuery } from '../api/get-kyc-session';
import { kycKeys, type KycLink } from '../api/kyc-keys';
import { useKycStatusStream, type KycStatusEvent } from '../api/use-kyc-status-stream';
import { isLinkRefused, isWebhookNotConfigured, kycTokenQuery } from '../api/widget-token';
import { SumsubWidget } from '../sumsub/sumsub-widget';
import { KycMessage } from './kyc-message';
import { CompletedState, FailedState, ProcessingState } from './outcome-states';
import { KycWidget } from './widget/kyc-widget';

/**
 * One verification, opened through `link`: the widget token, the session (who and how
 * far), the live status stream, and whichever of widget / processing / outcome the
 * status calls for. A token that only follows the status (the applicant was already
 * submitted) shows the status alone.
 */
export function KycVerification({ link }: { link: KycLink }) {
  const client = useQueryClient();
  const token = useQuery(kycTokenQuery(link));
  const hasToken = token.data !== undefined;
  // A refused link ends the page; any other failure of a renewal leaves the widget as it
  // is (the step that needed it says so), so nothing typed or saved is lost.
  const refused = token.isError && (isLinkRefused(token.error) || !hasToken);
  const session = useQuery({ ...kycSessionQuery(link), enabled: hasToken && !refused });
  // The latest status the page knows of: pushed by the stream, or the answer of a submit.
  const [live, setLive] = useState<KycStatusEvent | null>(null);
  // Each "Try again" starts the widget afresh.
  const [attempt, setAttempt] = useState(0);

  const status = live?.status ?? session.data?.status;
  const redirectUrl = live?.redirectUrl ?? session.data?.redirectUrl ?? null;

  useKycStatusStream(link, {
    userId: session.data?.userId,
    enabled: hasToken && !refused && status !== undefined && status !== 'completed',
    onStatus: (event) => {
      setLive(event);
      // A decision also changes what the session says (e.g. whether a resubmission is allowed).
      if (event.status !== client.getQueryData(kycSessionQuery(link).queryKey)?.status) {
        void client.invalidateQueries({ queryKey: kycKeys.session(link) });
      }
    },
  });

  if (refused) return <TokenError error={token.error} isRetrying={token.isFetching} onRetry={() => void token.refetch()} />;
  if (session.isError && !session.data) {
    return (
      <KycMessage tone="danger" title="We couldn't load your verification" actions={<Button onClick={() => void session.refetch()}>Try again</Button>}>
        <p>{getErrorMessage(session.error)}</p>
      </KycMessage>
    );
  }
  if (!session.data || !status) return <Loading message="Preparing your verification..." />;

  const { organizationName } = session.data;
  switch (status) {
    case 'processing':
      return <ProcessingState organizationName={organizationName} message={session.data.decision?.message} />;
    case 'completed':
      return <CompletedState organizationName={organizationName} redirectUrl={redirectUrl} />;
    case 'failed':
      return (
        <FailedState
          organizationName={organizationName}
          canResubmit={session.data.canResubmit}
          message={session.data.decision?.message}
          onTryAgain={() => {
            setLive({ status: 'pending', redirectUrl });
            setAttempt((n) => n + 1);
          }}
        />
      );
    case 'pending':
      return session.data.provider === 'sumsub' ? (
        <SumsubWidget link={link} organizationName={organizationName} />
      ) : (
        <KycWidget
          key={attempt}
          link={link}
          session={session.data}
          startOver={attempt > 0}
          onSubmitted={(submitted: WidgetSessionDto) => setLive({ status: submitted.status, redirectUrl: submitted.redirectUrl })}
        />
      );
  }
}

/**
 * The link's own refusals, each with its title and the server's message — never a word
 * about the applicant (whoever holds a link may not learn whose it is).
 */
const REFUSALS: Readonly<Record<string, { tone: 'danger' | 'warning'; title: string; advice: string }>> = {
  SESSION_LINK_INVALID: {
    tone: 'danger',
    title: 'This verification link is no longer valid',
    advice: 'Please go back to the website or app that sent you here and ask for a new verification link.',
  },
  VERIFICATION_IN_PROGRESS: {
    tone: 'warning',
    title: 'This verification is already in progress',
    advice: 'No longer have the link? Ask the website or app that sent you here for a new one.',
  },
  COMPANY_KEY_LINKS_DISABLED: {
    tone: 'warning',
    title: 'This verification link cannot be used',
    advice: 'Please go back to the website or app that sent you here and start the verification from there.',
  },
};

function TokenError({ error, isRetrying, onRetry }: { error: Error; isRetrying: boolean; onRetry: () => void }) {
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
  const refusal = isApiError(error) && error.code ? REFUSALS[error.code] : undefined;
  if (refusal && isApiError(error)) {
    return (
      <KycMessage tone={refusal.tone} title={refusal.title}>
        <p data-testid="kyc-refusal" data-code={error.code}>
          {getErrorMessage(error)}
        </p>
        <p>{refusal.advice}</p>
      </KycMessage>
    );
  }
  // A link the server refuses (4xx) stays refused; a network or server failure, or an
  // abuse limit ("try again in N seconds"), may pass.
  const mayPass = !isApiError(error) || error.status === 0 || error.status >= 500 || hasErrorCode(error, 'RATE_LIMITED', 429);
  return (
    <KycMessage
      tone="danger"
      title="We couldn't start your verification"
      actions={
        mayPass && (
          <Button onClick={onRetry} isLoading={isRetrying}>
            Try again
          </Button>
        )
      }
    >
      <p>{getErrorMessage(error)}</p>
    </KycMessage>
  );
}
