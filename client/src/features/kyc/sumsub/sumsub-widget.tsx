import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import { getErrorMessage, isApiError } from '../../../api/client';
import { Alert } from '../../../components/ui/alert';
import { Loading } from '../../../components/ui/loading';
import { getSumsubAccessToken } from '../api/get-sumsub-access-token';
import type { KycLink } from '../api/kyc-keys';

import './sumsub-widget.css';

export const SUMSUB_CONTAINER_ID = 'sumsub-websdk-container';

/**
 * The Sumsub WebSDK in place of the built-in widget. The SDK reports to Sumsub; Sumsub's
 * webhook updates the applicant and the page hears it on the status stream.
 */
export function SumsubWidget({ link, organizationName }: { link: KycLink; organizationName: string }) {
  const client = useQueryClient();
  const [isLoading, setIsLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let disposed = false;
    let destroy: (() => void) | undefined;
    const start = async () => {
      try {
        const accessToken = await getSumsubAccessToken(client, link);
        const { launchSumsubWebSdk } = await import('./sumsub-websdk-adapter');
        if (disposed) return;
        destroy = await launchSumsubWebSdk({
          container: `#${SUMSUB_CONTAINER_ID}`,
          accessToken,
          refreshAccessToken: () => getSumsubAccessToken(client, link),
          onError: (sdkError) => setError(sdkError.error || 'The verification could not continue. Please reload the page and try again.'),
        });
        if (disposed) destroy();
      } catch (problem) {
        if (!disposed) {
          setError(isApiError(problem) ? getErrorMessage(problem) : 'The verification service could not be loaded. Please try again later.');
        }
      } finally {
        if (!disposed) setIsLoading(false);
      }
    };
    void start();
    return () => {
      disposed = true;
      destroy?.();
    };
  }, [client, link]);

  return (
    <div className="kyc-widget">
      <header className="kyc-widget-intro">
        <h1 className="kyc-widget-title">Verify your identity for {organizationName}</h1>
      </header>
      <section className="kyc-card kyc-sumsub">
        {error && <Alert variant="danger">{error}</Alert>}
        {isLoading && <Loading message="Loading the verification..." />}
        <div id={SUMSUB_CONTAINER_ID} />
      </section>
    </div>
  );
}
