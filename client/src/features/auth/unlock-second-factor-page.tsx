import { useSearchParams } from 'react-router-dom';

import { getErrorMessage } from '../../api/client';
import { CenteredCard } from '../../components/centered-card';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ButtonLink } from '../../components/ui/button-link';
import { paths } from '../../config/paths';
import { useUnlockSecondFactor } from './api/unlock-second-factor';

import './components/auth-forms.css';

export const INCOMPLETE_UNLOCK_LINK = 'This unlock link is incomplete. Open the link from the e-mail again.';

/**
 * /unlock-second-factor?user&token — the link e-mailed when ten wrong codes locked the
 * authenticator app and passkeys. Spent only on the button, never on opening the page
 * (a mail scanner that follows links must not use the single-use token).
 */
export function UnlockSecondFactorPage() {
  const [searchParams] = useSearchParams();
  const user = searchParams.get('user') ?? '';
  const token = searchParams.get('token') ?? '';
  const unlock = useUnlockSecondFactor();

  if (unlock.isSuccess) {
    return (
      <CenteredCard title="Second factor unlocked">
        <div className="auth-state" role="status">
          <Alert variant="success">{unlock.data.message}</Alert>
          <ButtonLink to={paths.login} block>
            Sign in
          </ButtonLink>
        </div>
      </CenteredCard>
    );
  }

  return (
    <CenteredCard
      title="Unlock your second factor"
      subtitle="After too many wrong codes, your authenticator app and passkeys stopped signing in to your account."
    >
      <div className="auth-state">
        {user === '' || token === '' ? (
          <Alert variant="danger">{INCOMPLETE_UNLOCK_LINK}</Alert>
        ) : (
          <>
            {unlock.isError && <Alert variant="danger">{getErrorMessage(unlock.error)}</Alert>}
            <p>If the wrong codes were not yours, someone knows your password: change it once you are signed in.</p>
            <Button block isLoading={unlock.isPending} onClick={() => unlock.mutate({ user, token })}>
              Unlock
            </Button>
          </>
        )}
      </div>
    </CenteredCard>
  );
}
