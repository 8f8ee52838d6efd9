import { Link } from 'react-router-dom';

import { getErrorMessage, isApiError } from '../../api/client';
import { CenteredCard } from '../../components/centered-card';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { paths } from '../../config/paths';
import { useForm } from '../../lib/use-form';
import { FIELD_REQUIRED, isBlank } from '../../lib/validation';
import { useLogin } from './api/login';

import './components/auth-forms.css';

export const INVALID_CREDENTIALS = 'Provided username and password are not valid';

function loginErrorMessage(error: unknown): string {
  // 429 (too many attempts) keeps the server's own message, which says how long to wait.
  if (isApiError(error) && error.status === 401) return INVALID_CREDENTIALS;
  return getErrorMessage(error);
}

export function LoginPage() {
  const login = useLogin();
  const form = useForm({ username: '', password: '' }, (values) => ({
    username: isBlank(values.username) ? FIELD_REQUIRED : undefined,
    password: values.password === '' ? FIELD_REQUIRED : undefined,
  }));

  const onSubmit = form.handleSubmit((values) => {
    login.mutate({ username: values.username.trim(), password: values.password });
  });

  return (
    <CenteredCard
      title="Log in to your account"
      subtitle="Welcome back! Enter your details to open the dashboard."
      footer={
        <>
          Don&apos;t have an account? <Link to={paths.register}>Signup for free</Link>
        </>
      }
    >
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        {login.isError && <Alert variant="danger">{loginErrorMessage(login.error)}</Alert>}
        <TextField
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          {...form.field('username')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          labelAside={
            <Link to={paths.passwordReset} className="auth-form-link">
              Forgot password?
            </Link>
          }
          {...form.field('password')}
        />
        <div className="auth-form-actions">
          <Button type="submit" size="large" block isLoading={login.isPending}>
            Log in
          </Button>
        </div>
      </form>
    </CenteredCard>
  );
}
