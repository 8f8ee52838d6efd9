import { useSearchParams } from 'react-router-dom';

import { getErrorMessage, hasErrorCode } from '../../../api/client';
import { Button } from '../../../components/ui/button';
import { CenteredCard } from '../../../components/centered-card';
import { TextField } from '../../../components/ui/text-field';
import { useForm } from '../../../lib/use-form';
import { FIELD_REQUIRED } from '../../../lib/validation';
import { useLinkSingleSignOn } from '../api/link-single-sign-on';

import { urlOf } from '../../../api/endpoints';
import { oidcStart } from '../../../api/sdk';
import { Alert } from '../../../components/ui/alert';
import { buttonClassName } from '../../../components/ui/button-styles';
import { useOidcProviders } from '../api/oidc-providers';

/** Why the server sent the browser back from a single sign-on (`/login?sso_error=<code>`). */
export const SSO_ERROR_MESSAGES: Record<string, string> = {
  OIDC_UNKNOWN_PROVIDER: 'This single sign-on provider is not configured here.',
  OIDC_STATE_MISMATCH: 'The sign-in could not be matched to this browser, or it took too long. Please start again.',
  OIDC_PROVIDER_ERROR: 'The sign-in provider did not complete the sign-in. Try again, or log in with your password.',
  OIDC_EMAIL_NOT_VERIFIED: 'The sign-in provider has not verified your e-mail address, so it cannot be used to sign in here.',
  OIDC_DOMAIN_NOT_ALLOWED:
    'No account uses this e-mail address, and accounts for its domain are not created through this provider. Ask an administrator to invite you.',
  OIDC_THROTTLED: 'Too many single sign-on attempts from this address. Try again in a minute.',
  OIDC_ACCOUNT_LINKED: 'Your account is already linked to another identity at this sign-in provider. Sign in with that one, or with your password.',
};
const SSO_ERROR_FALLBACK = 'Single sign-on did not work. Please try again, or log in with your password.';

/** The refusal of the last single sign-on, if the server sent the browser back with one. */
export function SingleSignOnError() {
  const [params] = useSearchParams();
  const code = params.get('sso_error');
  if (!code) return null;
  return <Alert variant="danger">{SSO_ERROR_MESSAGES[code] ?? SSO_ERROR_FALLBACK}</Alert>;
}

/**
 * "Sign in with <name>" for each configured provider: plain links, because the sign-in
 * leaves the app for the provider and comes back through the server.
 */
export function SingleSignOnButtons() {
  const { data: providers = [] } = useOidcProviders();
  if (providers.length === 0) return null;
  return (
    <div className="auth-sso">
      <p className="auth-sso-divider">
        <span>or</span>
      </p>
      {providers.map((provider) => (
        <a
          key={provider.id}
          className={buttonClassName({ variant: 'outline', size: 'large', block: true })}
          href={urlOf(oidcStart, { path: { provider: provider.id } })}
        >
          Sign in with {provider.name}
        </a>
      ))}
    </div>
  );
}

/**
 * `/login?sso_link=<provider>`: the provider vouched for the address of an existing
 * account, which is linked only once its password is given here (a provider cannot take
 * over an account on its word alone).
 */
export function SingleSignOnLinkStep({ providerId, onCancel }: { providerId: string; onCancel: () => void }) {
  const { data: providers = [] } = useOidcProviders();
  const link = useLinkSingleSignOn();
  const form = useForm({ password: '' }, (values) => ({ password: values.password === '' ? FIELD_REQUIRED : undefined }));
  const name = providers.find((provider) => provider.id === providerId)?.name ?? 'your sign-in provider';
  const expired = hasErrorCode(link.error, 'OIDC_LINK_NOT_PENDING');
  return (
    <CenteredCard
      title={`Link ${name} to your account`}
      subtitle={`An account here already uses the e-mail address ${name} gave. Enter its password once to link them; afterwards ${name} alone signs you in.`}
      footer={
        <button type="button" className="auth-form-link-button" onClick={onCancel}>
          Back to the sign-in
        </button>
      }
    >
      <form className="auth-form" onSubmit={form.handleSubmit((values) => link.mutate(values.password))} noValidate>
        {link.isError && <Alert variant="danger">{expired ? 'This took too long. Sign in with your provider again.' : getErrorMessage(link.error)}</Alert>}
        <TextField label="Password" type="password" autoComplete="current-password" autoFocus {...form.field('password')} />
        <div className="auth-form-actions">
          <Button type="submit" size="large" block isLoading={link.isPending}>
            Link and sign in
          </Button>
        </div>
      </form>
    </CenteredCard>
  );
}
