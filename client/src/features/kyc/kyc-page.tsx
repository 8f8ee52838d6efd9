import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';

import { APP_NAME } from '../../config/app';
import { KycLayout } from './components/kyc-layout';
import { KycMessage } from './components/kyc-message';
import { KycVerification } from './components/kyc-verification';

/** /kyc?companyKey=…&userId=… — the integrator sends its customer here to verify their identity. */
export function KycPage() {
  const [params] = useSearchParams();
  const companyKey = params.get('companyKey')?.trim() ?? '';
  const userId = params.get('userId')?.trim() ?? '';

  useEffect(() => {
    document.title = `Identity verification — ${APP_NAME}`;
  }, []);

  return (
    <KycLayout>
      {companyKey && userId ? (
        // A new applicant is a new page: nothing of the previous one may carry over.
        <KycVerification key={`${companyKey}\n${userId}`} companyKey={companyKey} userId={userId} />
      ) : (
        <KycMessage tone="warning" title="This verification link is incomplete">
          <p>
            The link you followed is missing some information, so we can't tell who you are verifying for.
            Please go back to the website or app that sent you here and open the verification link again.
          </p>
        </KycMessage>
      )}
    </KycLayout>
  );
}
