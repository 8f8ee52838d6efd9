import { getErrorMessage } from '../../api/client';
import { PageHeader } from '../../components/page-header';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { paths } from '../../config/paths';
import { useAuth } from '../../lib/auth';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSendConfirmationEmail } from './api/send-confirmation';
import { ConfirmationBadge } from './components/account-badges';

import './account.css';

/** /dashboard/user/me/confirm-email — sends the confirmation link to the account's address. */
export function SendConfirmationPage() {
  const { user } = useAuth();
  const send = useSendConfirmationEmail();
  useDocumentTitle('Confirm e-mail');
  if (!user) return null;

  // Spec §4: disabled when already confirmed, already sent, or while sending.
  const disabled = user.isConfirmed || send.isSuccess || send.isPending;

  return (
    <div className="account-page">
      <PageHeader
        title="Confirm your e-mail"
        description="A confirmed address lets us reach you about your account, for example to reset your password."
        back={{ to: paths.account.security, label: 'Privacy & Security' }}
      />
      <div className="account-stack">
        <Card
          id="confirm-email"
          title="E-mail address"
          footer={
            <Button onClick={() => send.mutate()} disabled={disabled} isLoading={send.isPending}>
              Send confirmation e-mail
            </Button>
          }
        >
          <div className="account-row-value">
            {user.email} <ConfirmationBadge isConfirmed={user.isConfirmed} />
          </div>
          {user.isConfirmed ? (
            <p className="account-muted">Your e-mail address is already confirmed. There is nothing more to do.</p>
          ) : (
            <p className="account-muted">We will send a link to this address. Open it within 24 hours to confirm the address.</p>
          )}
        </Card>
        {send.isSuccess && (
          <Alert variant="success" title="Check your inbox">
            {send.data?.message ?? 'We have sent you an e-mail with a confirmation link.'}
          </Alert>
        )}
        {send.isError && <Alert variant="danger">{getErrorMessage(send.error)}</Alert>}
      </div>
    </div>
  );
}
