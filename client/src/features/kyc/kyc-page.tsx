import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

import { APP_NAME } from '../../config/app';
import { linkKey, type KycLink } from './api/kyc-keys';
import { KycLayout } from './components/kyc-layout';
import { KycMessage } from './components/kyc-message';
import { KycVerification } from './components/kyc-verification';

/**
 * /kyc?session=… or /kyc?companyKey=…&userId=… — the integrator sends its customer here
 * to verify their identity.
 */
export function KycPage() {
  const [params] = useSearchParams();
  const secret = params.get('session')?.trim() ?? '';
  const companyKey = params.get('companyKey')?.trim() ?? '';
  const userId = params.get('userId')?.trim() ?? '';
  // `session` (a link the integrator's server created, recommended) wins over the
  // specification's public companyKey link. One object per link: its queries and stream see it stable.
  const link = useMemo<KycLink | null>(() => {
    if (secret) return { kind: 'session', secret };
    return companyKey && userId ? { kind: 'companyKey', companyKey, userId } : null;
  }, [secret, companyKey, userId]);

  useEffect(() => {
    document.title = `Identity verification — ${APP_NAME}`;
  }, []);

  return (
    <KycLayout>
      {link ? (
        // A new link is a new page: nothing of the previous one may carry over.
        <KycVerification key={linkKey(link)} link={link} />
      ) : (
        <KycMessage tone="warning" title="This verification link is incomplete">
          <p>
            The link you followed is missing some information, so we can't tell who you are verifying for. Please go back to the website or app that sent you
            here and open the verification link again.
          </p>
        </KycMessage>
      )}
    </KycLayout>
  );
}
