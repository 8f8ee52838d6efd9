import { Link } from 'react-router-dom';

import { getErrorMessage } from '../../api/client';
import { PageHeader } from '../../components/page-header';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/toast-context';
import { PASSWORD_MIN_LENGTH } from '../../config/constants';
import { paths } from '../../config/paths';
import { useEndSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useForm } from '../../lib/use-form';
import { useDeleteAccount } from './api/delete-account';
import { useOwnerCheck } from './api/owner-check';
import { FormActions } from './components/form-actions';
import { ACCOUNT_DELETED, OWNS_ORGANIZATION_WARNING } from './messages';

import './account.css';

/** /dashboard/user/me/delete — the last step of the Danger Zone. */
export function DeleteAccountPage() {
  useDocumentTitle('Delete account');
  const toast = useToast();
  const endSession = useEndSession();
  const ownerCheck = useOwnerCheck();
  const remove = useDeleteAccount();
  // The button stays disabled below 4 characters, so no field message is needed.
  const form = useForm({ password: '' }, () => ({}));
  const ownsOrganization = ownerCheck.data?.response === true;

  const onSubmit = form.handleSubmit((values) => {
    if (values.password.length < PASSWORD_MIN_LENGTH) return;
    remove.mutate(
      { password: values.password },
      {
        onSuccess: async () => {
          toast.success(ACCOUNT_DELETED);
          await endSession(paths.home);
        },
      },
    );
  });

  return (
    <div className="account-page">
      <PageHeader
        title="Delete account"
        description="This permanently deletes your account, your picture and your API key. It cannot be undone."
        back={{ to: paths.account.security, label: 'Privacy & Security' }}
      />
      <div className="account-stack">
        {ownsOrganization && (
          <Alert variant="warning" title="You still own an organization">
            <p>{OWNS_ORGANIZATION_WARNING}</p>
            <p>
              <Link to={paths.dashboard.select}>Go to your organizations</Link>
            </p>
          </Alert>
        )}
        <Card variant="danger" title="Confirm with your password" id="delete-account">
          <form className="account-form" onSubmit={onSubmit} noValidate>
            {remove.isError && <Alert variant="danger">{getErrorMessage(remove.error)}</Alert>}
            <TextField label="Password" type="password" autoComplete="current-password" autoFocus {...form.field('password')} />
            <FormActions cancelTo={paths.account.security}>
              <Button type="submit" variant="danger" disabled={form.values.password.length < PASSWORD_MIN_LENGTH} isLoading={remove.isPending}>
                Delete account
              </Button>
            </FormActions>
          </form>
        </Card>
      </div>
    </div>
  );
}
