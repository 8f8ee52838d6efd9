import { Link, useSearchParams } from 'react-router-dom';

import { getErrorMessage, hasErrorCode, isApiError } from '../../api/client';
import { CenteredCard } from '../../components/centered-card';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { paths } from '../../config/paths';
import { useForm } from '../../lib/use-form';
import { FIELD_REQUIRED, isBlank } from '../../lib/validation';
import { useLogin } from './api/login';
import { passkeyErrorMessage } from '../../lib/passkey-error';
import { usePasskeyLogin } from './api/login-passkey';
import { useLoginSecondFactor } from './api/login-second-factor';
import { SingleSignOnButtons, SingleSignOnError, SingleSignOnLinkStep } from './components/single-sign-on';

import './components/auth-forms.css';

export const INVALID_CREDENTIALS = 'Provided username and password are not valid';

function loginErrorMessage(error: unknown): string {
  // 429 (too many attempts) keeps the server's own message, which says how long to wait.
  if (isApiError(error) && error.status === 401) return INVALID_CREDENTIALS;
  return getErrorMessage(error);
}

type SecondFactorMethod = 'totp' | 'passkey';

/** The second factors the server listed with TWO_FACTOR_REQUIRED (an older server sends none: the app). */
function methodsOf(error: unknown): SecondFactorMethod[] {
  const methods = isApiError(error) ? (error.body as { methods?: unknown } | undefined)?.methods : undefined;
  return Array.isArray(methods) && methods.length > 0 ? (methods as SecondFactorMethod[]) : ['totp'];
}

/** After the password: a passkey, the code from the authenticator app, or a recovery code. */
function SecondFactorStep({ methods, onRestart }: { methods: SecondFactorMethod[]; onRestart: () => void }) {
  const verify = useLoginSecondFactor();
  const passkey = usePasskeyLogin('second-factor');
  const form = useForm({ code: '' }, (values) => ({ code: isBlank(values.code) ? FIELD_REQUIRED : undefined }));
  const onSubmit = form.handleSubmit((values) => verify.mutate(values.code.trim()));
  const failure = verify.error ?? passkey.error;
  const expired = hasErrorCode(failure, 'TWO_FACTOR_NOT_PENDING');
  const totp = methods.includes('totp');
  return (
    <CenteredCard
      title="Two-factor sign-in"
      subtitle={totp ? 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.' : 'Confirm with your passkey to finish signing in.'}
      footer={
        <button type="button" className="auth-form-link-button" onClick={onRestart}>
          Back to the password
        </button>
      }
    >
      {failure && <Alert variant="danger">{expired ? 'The sign-in took too long. Enter your password again.' : passkeyErrorMessage(failure)}</Alert>}
      {methods.includes('passkey') && (
        <div className="auth-form-actions">
          <Button type="button" size="large" block variant={totp ? 'outline' : 'primary'} isLoading={passkey.isPending} onClick={() => passkey.mutate()}>
            Use a passkey
          </Button>
        </div>
      )}
      {totp && (
        <form className="auth-form" onSubmit={onSubmit} noValidate>
          <TextField label="Code" inputMode="numeric" autoComplete="one-time-code" autoCapitalize="none" spellCheck={false} autoFocus {...form.field('code')} />
          <div className="auth-form-actions">
            <Button type="submit" size="large" block isLoading={verify.isPending}>
              Verify
            </Button>
          </div>
        </form>
      )}
    </CenteredCard>
  );
}

export function LoginPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const login = useLogin();
  const passkey = usePasskeyLogin('passwordless');
  const form = useForm({ username: '', password: '' }, (values) => ({
    username: isBlank(values.username) ? FIELD_REQUIRED : undefined,
    password: values.password === '' ? FIELD_REQUIRED : undefined,
  }));

  const onSubmit = form.handleSubmit((values) => {
    login.mutate({ username: values.username.trim(), password: values.password });
  });

  const ssoLink = searchParams.get('sso_link');
  if (ssoLink) return <SingleSignOnLinkStep providerId={ssoLink} onCancel={() => setSearchParams({}, { replace: true })} />;
  if (hasErrorCode(login.error, 'TWO_FACTOR_REQUIRED')) return <SecondFactorStep methods={methodsOf(login.error)} onRestart={() => login.reset()} />;

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
        {login.isError ? <Alert variant="danger">{loginErrorMessage(login.error)}</Alert> : <SingleSignOnError />}
        <TextField label="Username" autoComplete="username" autoCapitalize="none" spellCheck={false} autoFocus {...form.field('username')} />
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
      <div className="auth-form auth-form-alternative">
        {passkey.isError && <Alert variant="danger">{passkeyErrorMessage(passkey.error)}</Alert>}
        <Button type="button" variant="outline" size="large" block isLoading={passkey.isPending} onClick={() => passkey.mutate()}>
          Sign in with a passkey
        </Button>
      </div>
      <SingleSignOnButtons />
    </CenteredCard>
  );
}
