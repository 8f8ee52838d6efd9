import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { apiError, type ApiHandlers } from '../../testing/mock-api';
import { renderRoute } from '../../testing/render-route';
import { buildUser } from '../../testing/users';
import { DeleteAccountPage } from './delete-account-page';

const PATH = '/dashboard/user/me/delete';

function ownerCheck(owns: boolean): ApiHandlers {
  return { organizationsOwnerCheck: { body: { response: owns } } };
}

describe('<DeleteAccountPage>', { timeout: 20_000 }, () => {
  it('enables Delete account only from 4 password characters on, and links Cancel back', async () => {
    const { user } = renderRoute(<DeleteAccountPage />, { path: PATH, api: ownerCheck(false) });
    const button = screen.getByRole('button', { name: 'Delete account' });
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('Password'), 'abc');
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('Password'), 'd');
    expect(button).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/dashboard/user/me/security');
  });

  it('warns up front when the user owns an organization', async () => {
    renderRoute(<DeleteAccountPage />, { path: PATH, api: ownerCheck(true) });
    expect(await screen.findByText('You still own an organization')).toBeInTheDocument();
  });

  it("shows the server's refusal", async () => {
    const message = 'You cannot delete your account while you own an organization.';
    const { user } = renderRoute(<DeleteAccountPage />, {
      path: PATH,
      api: { ...ownerCheck(false), authDeleteAccount: apiError(409, 'ACCOUNT_OWNS_ORGANIZATION', message) },
    });
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('deletes with the password, toasts, signs out and goes to /', async () => {
    let deleted = false;
    const { user, router, callsTo, queryClient } = renderRoute(<DeleteAccountPage />, {
      path: PATH,
      api: {
        ...ownerCheck(false),
        authDeleteAccount: () => {
          deleted = true;
          return { status: 204 };
        },
        usersMe: () => (deleted ? apiError(401, 'SIGN_IN_REQUIRED') : { body: buildUser() }),
      },
    });
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Delete account' }));

    expect(await screen.findByText('Successfully deleted user account')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(callsTo('authDeleteAccount')[0].body).toEqual({ password: 'secret' });
    await waitFor(() => expect(queryClient.getQueryData(['users', 'me'])).toBeNull());
    expect(queryClient.getQueryData(['account', 'owner-check'])).toBeUndefined();
  });
});
