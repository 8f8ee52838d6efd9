import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { userKeys } from '../../../api/query-keys';
import { apiError } from '../../../testing/mock-api';
import { renderRoute } from '../../../testing/render-route';
import { buildUser } from '../../../testing/users';
import { DEMO_LOGOUT_WARNING, LogoutDialog } from './logout-dialog';

describe('<LogoutDialog>', { timeout: 20_000 }, () => {
  it('asks for confirmation with Logout and Close, and no demo warning for a regular account', () => {
    renderRoute(<LogoutDialog open onClose={() => {}} />, { path: '/dashboard/user/me' });
    const dialog = screen.getByRole('dialog', { name: 'Logout' });
    expect(dialog).toHaveTextContent('Are you sure you want to log out');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Close' })).toBeEnabled();
    expect(screen.queryByText(DEMO_LOGOUT_WARNING)).not.toBeInTheDocument();
  });

  it('warns a demo user that logging out deletes the demo account', () => {
    renderRoute(<LogoutDialog open onClose={() => {}} />, {
      path: '/dashboard/user/me',
      me: buildUser({ isDemo: true }),
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Logging out deletes it');
  });

  it('Close closes without logging out', async () => {
    const onClose = vi.fn();
    const { user, callsTo } = renderRoute(<LogoutDialog open onClose={onClose} />, { path: '/dashboard/user/me' });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
    expect(callsTo('authLogout')).toHaveLength(0);
  });

  it('logs out: goes to /, toasts, drops every cached query and reloads the current user', async () => {
    let signedIn = true;
    const { user, router, queryClient, callsTo } = renderRoute(<LogoutDialog open onClose={() => {}} />, {
      path: '/dashboard/user/me',
      api: {
        authLogout: () => {
          signedIn = false;
          return { status: 204 };
        },
        usersMe: () => (signedIn ? { body: buildUser() } : apiError(401, 'SIGN_IN_REQUIRED')),
      },
    });
    queryClient.setQueryData(['projects', 'list'], [{ id: 'p1', name: 'Secret project' }]);
    queryClient.setQueryData(['roles', 'list'], []);

    await user.click(screen.getByRole('button', { name: 'Logout' }));

    expect(await screen.findByText('Successfully logged out')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(queryClient.getQueryData(userKeys.me())).toBeNull());
    expect(queryClient.getQueryData(['projects', 'list'])).toBeUndefined();
    expect(queryClient.getQueryData(['roles', 'list'])).toBeUndefined();
    expect(callsTo('usersMe')).toHaveLength(1);
  });
});
