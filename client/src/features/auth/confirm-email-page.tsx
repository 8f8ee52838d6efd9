import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';

import { getErrorMessage } from '../../api/client';
import { CenteredCard } from '../../components/centered-card';
import { Alert } from '../../components/ui/alert';
import { ButtonLink } from '../../components/ui/button-link';
import { Spinner } from '../../components/ui/spinner';
import { EMAIL_CONFIRMATION_REDIRECT_DELAY_MS } from '../../config/constants';
import { paths } from '../../config/paths';
import { useConfirmEmail } from './api/confirm-email';
import { reloadAt } from './reload-at';

import './components/auth-forms.css';

export const INCOMPLETE_LINK = 'This confirmation link is incomplete. Open the link from the e-mail again.';

/** /confirm-email?token&user — the link from the confirmation e-mail. */
export function ConfirmEmailPage() {
  const [searchParams] = useSearchParams();
  const user = searchParams.get('user') ?? '';
  const token = searchParams.get('token') ?? '';
  const hasLink = user !== '' || token !== '';
  const confirmation = useConfirmEmail(user, token);

  useEffect(() => {
    if (!confirmation.isSuccess) return;
    // Spec §4: after 3 seconds, to the dashboard with a reload so the badge disappears everywhere.
    const timer = window.setTimeout(() => reloadAt(paths.dashboard.root), EMAIL_CONFIRMATION_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [confirmation.isSuccess]);

  if (!hasLink || confirmation.isError) {
    return (
      <CenteredCard title="E-mail confirmation failed">
        <div className="auth-state">
          <Alert variant="danger">{hasLink ? getErrorMessage(confirmation.error) : INCOMPLETE_LINK}</Alert>
          <ButtonLink to={paths.dashboard.root} block>
            Back to dashboard
          </ButtonLink>
        </div>
      </CenteredCard>
    );
  }

  if (confirmation.isSuccess) {
    return (
      <CenteredCard title="E-mail confirmed">
        <div className="auth-state" role="status">
          <Alert variant="success" title="Your e-mail address is confirmed">
            Thank you! Taking you to your dashboard…
          </Alert>
          <ButtonLink to={paths.dashboard.root} variant="outline" block reloadDocument>
            Go to dashboard now
          </ButtonLink>
        </div>
      </CenteredCard>
    );
  }

  return (
    <CenteredCard title="Confirming your e-mail">
      <div className="auth-state" role="status">
        <Spinner size="large" />
        <p>Confirming your e-mail address…</p>
      </div>
    </CenteredCard>
  );
}
