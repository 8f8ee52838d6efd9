import { getErrorMessage } from '../../api/client';
import { PageHeader } from '../../components/page-header';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/toast-context';
import { paths } from '../../config/paths';
import { useEndSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useForm } from '../../lib/use-form';
import { checkField, hasPasswordLength, PASSWORDS_DO_NOT_MATCH } from '../../lib/validation';
import { useChangePassword } from './api/change-password';
import { FormActions } from './components/form-actions';
import { PASSWORD_CHANGED } from './messages';
import { usePasswordPolicy } from '../../api/password-policy';

import './account.css';

/** /dashboard/user/me/change-password — afterwards every session ends, this one too. */
export function ChangePasswordPage() {
  const change = useChangePassword();
  const toast = useToast();
  const endSession = useEndSession();
  useDocumentTitle('Change password');
  const policy = usePasswordPolicy();
  const form = useForm({ oldPassword: '', newPassword: '', newPasswordConfirm: '' }, (values) => ({
    oldPassword: checkField(values.oldPassword),
    newPassword: checkField(values.newPassword, (value) => hasPasswordLength(value, policy.minLength, policy.maxLength)),
    newPasswordConfirm: checkField(values.newPasswordConfirm) ?? (values.newPasswordConfirm !== values.newPassword ? PASSWORDS_DO_NOT_MATCH : undefined),
  }));

  const onSubmit = form.handleSubmit((values) => {
    change.mutate(values, {
      onSuccess: async () => {
        toast.success(PASSWORD_CHANGED);
        // Signed out: the guard of this page sends the visitor to /login.
        await endSession();
      },
    });
  });

  return (
    <div className="account-page">
      <PageHeader
        title="Change password"
        description="You will be logged out everywhere, this device included, and sign in again with the new password."
        back={{ to: paths.account.security, label: 'Privacy & Security' }}
      />
      <div className="account-stack">
        <Card id="change-password">
          <form className="account-form" onSubmit={onSubmit} noValidate>
            {change.isError && <Alert variant="danger">{getErrorMessage(change.error)}</Alert>}
            <TextField label="Current password" type="password" autoComplete="current-password" {...form.field('oldPassword')} />
            <TextField label="New password" type="password" autoComplete="new-password" hint={policy.hint} {...form.field('newPassword')} />
            <TextField label="Confirm new password" type="password" autoComplete="new-password" {...form.field('newPasswordConfirm')} />
            <FormActions cancelTo={paths.account.security}>
              <Button type="submit" isLoading={change.isPending}>
                Change password
              </Button>
            </FormActions>
          </form>
        </Card>
      </div>
    </div>
  );
}
