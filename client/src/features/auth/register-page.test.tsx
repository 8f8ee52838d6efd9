import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { GuestOnly } from '../../app/route-guards';
import { apiError } from '../../testing/mock-api';
import { renderRoute } from '../../testing/render-route';
import { buildUser } from '../../testing/users';
import { RegisterPage } from './register-page';

describe('<RegisterPage>', { timeout: 20_000 }, () => {
  it('requires e-mail, username and password and checks their form', async () => {
    const { user, callsTo } = renderRoute(<RegisterPage />, { path: '/register', me: null });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getAllByText('This field is required')).toHaveLength(3);

    await user.type(screen.getByLabelText('E-mail'), 'not-an-address');
    await user.type(screen.getByLabelText('Username'), 'a b');
    await user.type(screen.getByLabelText('Password'), 'abc');
    expect(screen.getAllByText('This field is invalid')).toHaveLength(3);
    expect(callsTo('authRegister')).toHaveLength(0);
  });

  it("follows the server's password policy: its minimum in the hint and the check", async () => {
    const { user } = renderRoute(<RegisterPage />, {
      path: '/register',
      me: null,
      api: { passwordPolicyGet: () => ({ body: { minLength: 10, maxLength: 32, rejectsCommonPasswords: true } }) },
    });
    expect(await screen.findByText('10 to 32 characters, not a common password')).toBeInTheDocument();
    await user.type(screen.getByLabelText('E-mail'), 'new@example.com');
    await user.type(screen.getByLabelText('Username'), 'newbie');
    await user.type(screen.getByLabelText('Password'), 'nine-char');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText('This field is invalid')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 's');
    expect(screen.queryByText('This field is invalid')).not.toBeInTheDocument();
  });

  it('registers, welcomes the user with a toast and lands on /dashboard signed in', async () => {
    const me = buildUser({ username: 'newbie', email: 'new@example.com', isConfirmed: false });
    let registered = false;
    const { user, router, callsTo } = renderRoute(null, {
      path: '/register',
      me: null,
      routes: [
        { element: <GuestOnly />, children: [{ path: '/register', element: <RegisterPage /> }] },
        { path: '/dashboard', element: <p>Dashboard</p> },
      ],
      api: {
        authRegister: () => {
          registered = true;
          return { status: 201, body: me };
        },
        usersMe: () => (registered ? { body: me } : apiError(401, 'SIGN_IN_REQUIRED')),
      },
    });

    await user.type(screen.getByLabelText('E-mail'), 'new@example.com');
    await user.type(screen.getByLabelText('Username'), 'newbie');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Your registration was successful. Welcome to the product!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(callsTo('authRegister')[0].body).toEqual({
      email: 'new@example.com',
      username: 'newbie',
      password: 'secret1',
    });
  });

  it("shows the server's refusal, e.g. a taken username", async () => {
    const { user } = renderRoute(<RegisterPage />, {
      path: '/register',
      me: null,
      api: { authRegister: apiError(409, 'USERNAME_TAKEN', 'This username is already taken') },
    });
    await user.type(screen.getByLabelText('E-mail'), 'a@example.com');
    await user.type(screen.getByLabelText('Username'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This username is already taken');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });
});
