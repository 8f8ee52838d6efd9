import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { RequireAuth } from '../../app/route-guards';
import { apiError } from '../../testing/mock-api';
import { renderRoute } from '../../testing/render-route';
import { buildUser } from '../../testing/users';
import { ChangePasswordPage } from './change-password-page';

const PATH = '/dashboard/user/me/change-password';

describe('<ChangePasswordPage>', { timeout: 20_000 }, () => {
  it('requires all three fields and a matching confirmation', async () => {
    const { user, callsTo } = renderRoute(<ChangePasswordPage />, { path: PATH });
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getAllByText('This field is required')).toHaveLength(3);

    await user.type(screen.getByLabelText('Current password'), 'old-one');
    await user.type(screen.getByLabelText('New password'), 'new-one');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-two');
    expect(screen.getByText('Your passwords confirmation does not match')).toBeInTheDocument();
    expect(callsTo('authChangePassword')).toHaveLength(0);
  });

  it('changes the password, toasts, and the signed-out user ends on /login', async () => {
    let changed = false;
    const { user, router, callsTo } = renderRoute(null, {
      path: PATH,
      routes: [
        { path: '/dashboard', element: <RequireAuth />, children: [{ path: 'user/me/change-password', element: <ChangePasswordPage /> }] },
        { path: '/login', element: <p>Login page</p> },
      ],
      api: {
        authChangePassword: () => {
          changed = true;
          return { status: 204 };
        },
        usersMe: () => (changed ? apiError(401, 'SIGN_IN_REQUIRED') : { body: buildUser() }),
      },
    });
    await user.type(screen.getByLabelText('Current password'), 'old-one');
    await user.type(screen.getByLabelText('New password'), 'new-one');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-one');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('Successfully changed password')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(callsTo('authChangePassword')[0].body).toEqual({
      oldPassword: 'old-one',
      newPassword: 'new-one',
      newPasswordConfirm: 'new-one',
    });
  });

  it("shows the server's message for a wrong current password", async () => {
    const { user } = renderRoute(<ChangePasswordPage />, {
      path: PATH,
      api: { authChangePassword: apiError(400, 'WRONG_PASSWORD', 'The password you entered is not correct') },
    });
    await user.type(screen.getByLabelText('Current password'), 'nope');
    await user.type(screen.getByLabelText('New password'), 'new-one');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-one');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The password you entered is not correct');
  });
});
