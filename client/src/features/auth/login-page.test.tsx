import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { urlOf } from '../../api/endpoints';
import { oidcStart } from '../../api/sdk';
import { GuestOnly } from '../../app/route-guards';
import { apiError, type ApiHandlers } from '../../testing/mock-api';
import { renderRoute } from '../../testing/render-route';
import { buildUser } from '../../testing/users';
import { LoginPage } from './login-page';

function renderLogin(api?: ApiHandlers) {
  return renderRoute(<LoginPage />, { path: '/login', me: null, api });
}

describe('<LoginPage>', { timeout: 20_000 }, () => {
  it("asks for both fields with 'This field is required' and calls nobody", async () => {
    const { user, callsTo } = renderLogin();
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(screen.getAllByText('This field is required')).toHaveLength(2);
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo('authLogin')).toHaveLength(0);

    // Live once submitted: typing clears the message.
    await user.type(screen.getByLabelText('Username'), 'alice');
    expect(screen.getAllByText('This field is required')).toHaveLength(1);
  });

  it("answers 401 with 'Provided username and password are not valid'", async () => {
    const { user } = renderLogin({ authLogin: apiError(401, 'INVALID_CREDENTIALS', 'Unauthorized') });
    await user.type(screen.getByLabelText('Username'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Provided username and password are not valid');
  });

  it("shows the server's own message on 429", async () => {
    const message = 'Too many failed sign-in attempts. Try again in 15 minutes.';
    const { user } = renderLogin({ authLogin: apiError(429, 'LOGIN_THROTTLED', message) });
    await user.type(screen.getByLabelText('Username'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('sends username and password, reloads the current user and so moves on to /dashboard', async () => {
    let signedIn = false;
    const { user, router, callsTo } = renderRoute(null, {
      path: '/login',
      me: null,
      routes: [
        { element: <GuestOnly />, children: [{ path: '/login', element: <LoginPage /> }] },
        { path: '/dashboard', element: <p>Dashboard</p> },
      ],
      api: {
        authLogin: () => {
          signedIn = true;
          return { body: buildUser() };
        },
        usersMe: () => (signedIn ? { body: buildUser() } : apiError(401, 'SIGN_IN_REQUIRED')),
      },
    });
    await user.type(screen.getByLabelText('Username'), '  alice ');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(callsTo('usersMe')).toHaveLength(1);
    expect(callsTo('authLogin')[0].body).toEqual({ username: 'alice', password: 'secret' });
  });

  it('asks for the authenticator code after the password, shows a wrong code, and goes back to the password on request', async () => {
    const { user, callsTo } = renderLogin({
      authLogin: apiError(401, 'TWO_FACTOR_REQUIRED', 'Enter the code from your authenticator app to finish signing in'),
      authLoginSecondFactor: apiError(401, 'INVALID_TWO_FACTOR_CODE', 'The code is not valid or was already used'),
    });
    await user.type(screen.getByLabelText('Username'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('heading', { name: 'Two-factor sign-in' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('This field is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Code'), ' 123456 ');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The code is not valid or was already used');
    expect(callsTo('authLoginSecondFactor')[0].body).toEqual({ code: '123456' });

    await user.click(screen.getByRole('button', { name: 'Back to the password' }));
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });

  it('offers only the passkey after the password when the account has no app, and says when the browser cannot use one', async () => {
    const { user, callsTo } = renderLogin({
      authLogin: apiError(401, 'TWO_FACTOR_REQUIRED', 'Use your passkey to finish signing in', { methods: ['passkey'] }),
      passkeySignInSecondFactorOptions: () => ({ body: { options: { challenge: 'abc', allowCredentials: [] } } }),
    });
    await user.type(screen.getByLabelText('Username'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Confirm with your passkey to finish signing in.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Code')).not.toBeInTheDocument();
    // jsdom has no WebAuthn: the options were fetched, then the browser's refusal is put in words.
    await user.click(screen.getByRole('button', { name: 'Use a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This browser cannot use a passkey here.');
    expect(callsTo('passkeySignInSecondFactorOptions')).toHaveLength(1);
    expect(callsTo('passkeySignInSecondFactor')).toHaveLength(0);
  });

  it('offers "Sign in with a passkey" beside the password form', async () => {
    const { user, callsTo } = renderLogin({
      passkeySignInPasswordlessOptions: () => ({ body: { options: { challenge: 'abc', allowCredentials: [] } } }),
    });
    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This browser cannot use a passkey here.');
    expect(callsTo('passkeySignInPasswordlessOptions')).toHaveLength(1);
  });

  it("links to the password reset and to 'Signup for free'", () => {
    renderLogin();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/password-reset');
    expect(screen.getByRole('link', { name: 'Signup for free' })).toHaveAttribute('href', '/register');
  });

  it("offers 'Sign in with <name>' for each configured provider, as a link to the server's start route", async () => {
    renderLogin({
      oidcProviders: {
        body: [
          { id: 'acme', name: 'Acme Okta' },
          { id: 'corp', name: 'Corp Entra' },
        ],
      },
    });
    expect(await screen.findByRole('link', { name: 'Sign in with Acme Okta' })).toHaveAttribute('href', urlOf(oidcStart, { path: { provider: 'acme' } }));
    expect(screen.getByRole('link', { name: 'Sign in with Corp Entra' })).toHaveAttribute('href', urlOf(oidcStart, { path: { provider: 'corp' } }));
    expect(urlOf(oidcStart, { path: { provider: 'acme' } })).toMatch(/\/auth\/oidc\/acme\/start$/);
  });

  it('shows no single sign-on when no provider is configured', async () => {
    const { callsTo } = renderLogin({ oidcProviders: { body: [] } });
    await waitFor(() => expect(callsTo('oidcProviders')).toHaveLength(1));
    expect(screen.queryByText('or')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Sign in with/ })).not.toBeInTheDocument();
  });

  it('says why the last single sign-on was refused, by its code', async () => {
    renderRoute(<LoginPage />, { path: '/login?sso_error=OIDC_DOMAIN_NOT_ALLOWED', me: null });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No account uses this e-mail address, and accounts for its domain are not created through this provider.',
    );
  });

  it('falls back to a general message for a code it does not know', async () => {
    renderRoute(<LoginPage />, { path: '/login?sso_error=SOMETHING_NEW', me: null });
    expect(await screen.findByRole('alert')).toHaveTextContent('Single sign-on did not work. Please try again, or log in with your password.');
  });

  it('asks for the password once to link a single sign-on to an existing account', async () => {
    const { callsTo } = renderRoute(<LoginPage />, {
      path: '/login?sso_link=acme',
      me: null,
      api: {
        oidcProviders: { body: [{ id: 'acme', name: 'Acme Okta' }] },
        oidcLink: ({ body }) =>
          body?.password === 'right' ? { body: buildUser() } : apiError(400, 'WRONG_PASSWORD', 'The password you entered is not correct'),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Link Acme Okta to your account' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Link and sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The password you entered is not correct');
    await userEvent.clear(screen.getByLabelText('Password'));
    await userEvent.type(screen.getByLabelText('Password'), 'right');
    await userEvent.click(screen.getByRole('button', { name: 'Link and sign in' }));
    await waitFor(() => expect(callsTo('oidcLink').map((call) => call.body)).toEqual([{ password: 'wrong' }, { password: 'right' }]));
  });
});
