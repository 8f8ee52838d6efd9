import { PageHeader } from '../../components/page-header';
import { Alert } from '../../components/ui/alert';
import { ButtonLink } from '../../components/ui/button-link';
import { Card } from '../../components/ui/card';
import { paths } from '../../config/paths';
import { useAuth } from '../../lib/auth';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ConfirmationBadge } from './components/account-badges';
import { SessionsCard } from './components/sessions-card';
import { PasskeysCard } from './components/passkeys-card';
import { TwoFactorCard } from './components/two-factor-card';
import { TwoFactorPolicyCard } from './components/two-factor-policy-card';
import { useTwoFactorStatus } from './api/two-factor';
import { DISABLED_IN_DEMO } from './messages';

import './account.css';

/** /dashboard/user/me/security — e-mail, password, confirmation and the Danger Zone. */
export function SecurityPage() {
  const { user } = useAuth();
  const twoFactor = useTwoFactorStatus();
  useDocumentTitle('Privacy & Security');
  if (!user) return null;

  return (
    <div className="account-page">
      <PageHeader title="Privacy & Security" description="Manage how you sign in and what happens to your account." />
      <div className="account-stack">
        {twoFactor.data?.enrolmentRequired && (
          <Alert variant="warning" title="Set up two-factor sign-in to continue">
            Your organization or this platform requires a second step at sign-in. Add a passkey or an authenticator app below; the rest of the dashboard opens
            as soon as one is set up.
          </Alert>
        )}
        <Card title="Sign-in" id="sign-in">
          <div className="account-row">
            <div className="account-row-text">
              <p className="account-row-title">E-mail address</p>
              <p className="account-row-value">
                {user.email} <ConfirmationBadge isConfirmed={user.isConfirmed} />
              </p>
              {user.isDemo && <p className="account-muted">{DISABLED_IN_DEMO}</p>}
            </div>
            {!user.isDemo && (
              <ButtonLink to={paths.account.changeEmail} variant="outline">
                Change e-mail
              </ButtonLink>
            )}
          </div>
          <div className="account-row">
            <div className="account-row-text">
              <p className="account-row-title">Password</p>
              <p className="account-row-value">Changing it signs you out on every device.</p>
            </div>
            <ButtonLink to={paths.account.changePassword} variant="outline">
              Change password
            </ButtonLink>
          </div>
          <div className="account-row">
            <div className="account-row-text">
              <p className="account-row-title">E-mail confirmation</p>
              <p className="account-row-value">
                {user.isConfirmed ? 'Your e-mail address is confirmed.' : 'Confirm your address so that we can reach you about your account.'}
              </p>
            </div>
            <ButtonLink to={paths.account.confirmEmail} variant={user.isConfirmed ? 'outline' : 'primary'}>
              {user.isConfirmed ? 'Confirmation status' : 'Send confirmation e-mail'}
            </ButtonLink>
          </div>
        </Card>

        <PasskeysCard isDemo={user.isDemo} />

        <TwoFactorCard isDemo={user.isDemo} />

        {user.role === 'super-admin' && <TwoFactorPolicyCard />}

        <SessionsCard />

        <Card
          id="danger-zone"
          variant="danger"
          title="Danger Zone"
          description="Deleting your account removes your profile, picture and API key for good. Organizations you own must be deleted or handed over first."
          footer={
            <ButtonLink to={paths.account.delete} variant="danger">
              Delete account
            </ButtonLink>
          }
        />
      </div>
    </div>
  );
}
