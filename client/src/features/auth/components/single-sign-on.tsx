import { useSearchParams } from 'react-router-dom';

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
