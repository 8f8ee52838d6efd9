import { useNavigate } from 'react-router-dom';

import { getErrorMessage } from '../../../api/client';
import { CenteredCard } from '../../../components/centered-card';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast-context';
import { paths } from '../../../config/paths';
import { useEndSession } from '../../../lib/session';
import { useForm } from '../../../lib/use-form';
import { checkField, hasPasswordLength, PASSWORDS_DO_NOT_MATCH } from '../../../lib/validation';
import { useResetPassword } from '../api/reset-password';
import { usePasswordPolicy } from '../../../api/password-policy';

import './auth-forms.css';

export const PASSWORD_RESET_TOAST = 'Your password have been changed, you can login now';

export function NewPasswordForm({ user, token }: { user: string; token: string }) {
  const reset = useResetPassword();
  const toast = useToast();
  const navigate = useNavigate();
  const endSession = useEndSession();
  const policy = usePasswordPolicy();
  const form = useForm({ password: '', passwordConfirm: '' }, (values) => ({
    password: checkField(values.password, (value) => hasPasswordLength(value, policy.minLength, policy.maxLength)),
    passwordConfirm:
      values.passwordConfirm === '' ? checkField(values.passwordConfirm) : values.passwordConfirm !== values.password ? PASSWORDS_DO_NOT_MATCH : undefined,
  }));

  const onSubmit = form.handleSubmit((values) => {
    reset.mutate(
      { user, token, password: values.password },
      {
        onSuccess: async () => {
          toast.success(PASSWORD_RESET_TOAST);
          // The server ended every session of the account; forget a signed-in one here too.
          await endSession();
          await navigate(paths.login, { replace: true });
        },
      },
    );
  });

  return (
    <CenteredCard title="Choose a new password" subtitle="Pick a password you do not use anywhere else.">
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        {reset.isError && <Alert variant="danger">{getErrorMessage(reset.error)}</Alert>}
        <TextField label="New password" type="password" autoComplete="new-password" autoFocus hint={policy.hint} {...form.field('password')} />
        <TextField label="Confirm new password" type="password" autoComplete="new-password" {...form.field('passwordConfirm')} />
        <div className="auth-form-actions">
          <Button type="submit" size="large" block isLoading={reset.isPending}>
            Change password
          </Button>
          <ButtonLink to={paths.login} variant="outline" size="large" block>
            Cancel
          </ButtonLink>
        </div>
      </form>
    </CenteredCard>
  );
}
