import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { apiError } from '../../testing/mock-api';
import { renderRoute } from '../../testing/render-route';
import { buildUser } from '../../testing/users';
import { CreateUserPage } from './create-user-page';

const PATH = '/dashboard/user/me/create';
const superAdmin = buildUser({ role: 'super-admin' });

describe('<CreateUserPage>', { timeout: 20_000 }, () => {
  it('requires a username and an e-mail', async () => {
    const { user, callsTo } = renderRoute(<CreateUserPage />, { path: PATH, me: superAdmin });
    await user.click(screen.getByRole('button', { name: 'Create admin' }));
    expect(screen.getAllByText('This field is required')).toHaveLength(2);
    await user.type(screen.getByLabelText('E-mail'), 'nope');
    expect(screen.getByText('This field is invalid')).toBeInTheDocument();
    expect(callsTo('adminUsersRegisterAdmin')).toHaveLength(0);
  });

  it('creates the admin, toasts and explains the e-mailed set-password link', async () => {
    const { user, callsTo } = renderRoute(<CreateUserPage />, {
      path: PATH,
      me: superAdmin,
      api: {
        adminUsersRegisterAdmin: { status: 201, body: { id: 'a1', username: 'ops.jane', email: 'jane@example.com', role: 'admin' } },
      },
    });
    expect(screen.getByText(/receives an e-mail with a link to set one/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Username'), 'ops.jane');
    await user.type(screen.getByLabelText('E-mail'), 'jane@example.com');
    await user.click(screen.getByRole('button', { name: 'Create admin' }));

    expect(await screen.findByText('Successfully created admin user')).toBeInTheDocument();
    expect(screen.getByText('ops.jane was created')).toBeInTheDocument();
    expect(callsTo('adminUsersRegisterAdmin')[0].body).toEqual({
      username: 'ops.jane',
      email: 'jane@example.com',
    });
    expect(screen.getByLabelText('Username')).toHaveValue('');
  });

  it("shows the server's refusal", async () => {
    const message = 'That username or e-mail address is already in use';
    const { user } = renderRoute(<CreateUserPage />, {
      path: PATH,
      me: superAdmin,
      api: { adminUsersRegisterAdmin: apiError(409, 'ADMIN_IDENTITY_TAKEN', message) },
    });
    await user.type(screen.getByLabelText('Username'), 'taken');
    await user.type(screen.getByLabelText('E-mail'), 'taken@example.com');
    await user.click(screen.getByRole('button', { name: 'Create admin' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});
