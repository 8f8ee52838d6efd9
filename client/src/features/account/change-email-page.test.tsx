import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderRoute } from '../../testing/render-route';
import { buildUser } from '../../testing/users';
import { ChangeEmailPage } from './change-email-page';

const PATH = '/dashboard/user/me/change-email';

describe('<ChangeEmailPage>', { timeout: 20_000 }, () => {
  it('validates, sends password and e-mail, toasts and returns to security', async () => {
    const { user, router, callsTo } = renderRoute(<ChangeEmailPage />, {
      path: PATH,
      api: { authChangeEmail: { body: buildUser({ email: 'new@example.com', isConfirmed: false }) } },
    });
    await user.click(screen.getByRole('button', { name: 'Change e-mail' }));
    expect(screen.getAllByText('This field is required')).toHaveLength(2);
    await user.type(screen.getByLabelText('New e-mail'), 'new@');
    expect(screen.getByText('This field is invalid')).toBeInTheDocument();
    await user.type(screen.getByLabelText('New e-mail'), 'example.com');
    await user.type(screen.getByLabelText('Current password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Change e-mail' }));

    expect(await screen.findByText('Successfully changed e-mail address')).toBeInTheDocument();
    expect(callsTo('authChangeEmail')[0].body).toEqual({
      email: 'new@example.com',
      password: 'secret',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/user/me/security'));
  });

  it("is locked for a demo user ('Disabled in demo')", () => {
    renderRoute(<ChangeEmailPage />, { path: PATH, me: buildUser({ isDemo: true }) });
    expect(screen.getByLabelText('New e-mail')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Change e-mail' })).toBeDisabled();
    expect(screen.getAllByText(/Disabled in demo/).length).toBeGreaterThan(0);
  });
});
