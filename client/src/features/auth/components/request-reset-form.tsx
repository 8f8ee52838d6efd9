import { Link } from 'react-router-dom';

import { getErrorMessage } from '../../../api/client';
import { CenteredCard } from '../../../components/centered-card';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { useForm } from '../../../lib/use-form';
import { checkField, isEmail } from '../../../lib/validation';
import { useStartPasswordReset } from '../api/reset-password';

import './auth-forms.css';

export function RequestResetForm() {
  const start = useStartPasswordReset();
  const form = useForm({ email: '' }, (values) => ({ email: checkField(values.email, isEmail) }));

  if (start.isSuccess) {
    return (
      <CenteredCard title="Check your inbox">
        <div className="auth-state">
          <Alert variant="success" title="Reset link sent">
            If an account with the address <strong>{start.variables}</strong> exists, we have sent it a link to choose a new password. The link is valid for 1
            hour.
          </Alert>
          <p>
            No e-mail? Check your spam folder, or{' '}
            <button type="button" className="link-button" onClick={() => start.reset()}>
              try another address
            </button>
            .
          </p>
          <ButtonLink to={paths.login} variant="outline" block>
            Back to login
          </ButtonLink>
        </div>
      </CenteredCard>
    );
  }

  return (
    <CenteredCard
      title="Reset your password"
      subtitle="Enter the e-mail address of your account and we will send you a link to choose a new password."
      footer={
        <>
          Remembered it? <Link to={paths.login}>Log in</Link>
        </>
      }
    >
      <form className="auth-form" noValidate onSubmit={form.handleSubmit((values) => start.mutate(values.email.trim()))}>
        {start.isError && <Alert variant="danger">{getErrorMessage(start.error)}</Alert>}
        <TextField label="E-mail" type="email" autoComplete="email" autoFocus {...form.field('email')} />
        <div className="auth-form-actions">
          <Button type="submit" size="large" block isLoading={start.isPending}>
            Send reset link
          </Button>
          <ButtonLink to={paths.login} variant="outline" size="large" block>
            Cancel
          </ButtonLink>
        </div>
      </form>
    </CenteredCard>
  );
}
