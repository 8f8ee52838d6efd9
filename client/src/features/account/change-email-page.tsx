import { useNavigate } from 'react-router-dom';

import { getErrorMessage } from '../../api/client';
import { PageHeader } from '../../components/page-header';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/toast-context';
import { paths } from '../../config/paths';
import { useAuth } from '../../lib/auth';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useForm } from '../../lib/use-form';
import { checkField, isEmail } from '../../lib/validation';
import { useChangeEmail } from './api/change-email';
import { FormActions } from './components/form-actions';
import { DISABLED_IN_DEMO, EMAIL_CHANGED } from './messages';

import './account.css';

/** /dashboard/user/me/change-email */
export function ChangeEmailPage() {
  const { user } = useAuth();
  const change = useChangeEmail();
  const toast = useToast();
  const navigate = useNavigate();
  useDocumentTitle('Change e-mail');
  const form = useForm({ email: '', password: '' }, (values) => ({
    email: checkField(values.email, isEmail),
    password: checkField(values.password),
  }));
  if (!user) return null;
  const locked = user.isDemo;

  const onSubmit = form.handleSubmit((values) => {
    change.mutate(
      { email: values.email.trim(), password: values.password },
      {
        onSuccess: () => {
          toast.success(EMAIL_CHANGED);
          void navigate(paths.account.security);
        },
      },
    );
  });

  return (
    <div className="account-page">
      <PageHeader
        title="Change e-mail"
        description={
          <>
            Your current address is <strong>{user.email}</strong>. We will send a confirmation link to the new one.
          </>
        }
        back={{ to: paths.account.security, label: 'Privacy & Security' }}
      />
      <div className="account-stack">
        {locked && <Alert variant="info">{DISABLED_IN_DEMO}: demo accounts cannot change their e-mail address.</Alert>}
        <Card id="change-email">
          <form className="account-form" onSubmit={onSubmit} noValidate>
            {change.isError && <Alert variant="danger">{getErrorMessage(change.error)}</Alert>}
            <TextField
              label="New e-mail"
              type="email"
              autoComplete="email"
              disabled={locked}
              hint={locked ? DISABLED_IN_DEMO : undefined}
              {...form.field('email')}
            />
            <TextField label="Current password" type="password" autoComplete="current-password" disabled={locked} {...form.field('password')} />
            <FormActions cancelTo={paths.account.security}>
              <Button type="submit" disabled={locked} isLoading={change.isPending}>
                Change e-mail
              </Button>
            </FormActions>
          </form>
        </Card>
      </div>
    </div>
  );
}
