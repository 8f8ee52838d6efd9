import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderRoute } from '../../testing/render-route';
import { buildUser } from '../../testing/users';
import { AccountPage } from './account-page';
import { SecurityPage } from './security-page';

describe('<AccountPage>', () => {
  it('shows the avatar, username, e-mail, role and confirmation state', () => {
    renderRoute(<AccountPage />, {
      path: '/dashboard/user/me',
      me: buildUser({ username: 'alice', email: 'alice@example.com', role: 'admin', isConfirmed: false }),
    });
    expect(screen.getByRole('heading', { name: 'My account', level: 1 })).toBeInTheDocument();
    const details = screen.getByRole('region', { name: 'Account details' });
    expect(within(details).getByText('alice@example.com')).toBeInTheDocument();
    expect(within(details).getByText('Admin')).toBeInTheDocument();
    expect(within(details).getByText('Unconfirmed')).toBeInTheDocument();
    expect(within(details).getByRole('link', { name: 'Send confirmation e-mail' })).toHaveAttribute('href', '/dashboard/user/me/confirm-email');
    expect(screen.getAllByRole('link', { name: /Edit profile/ })[0]).toHaveAttribute('href', '/dashboard/user/me/update');
  });
});

describe('<SecurityPage>', () => {
  it('links to the e-mail, password and confirmation forms and has a Danger Zone', () => {
    renderRoute(<SecurityPage />, { path: '/dashboard/user/me/security', me: buildUser({ isConfirmed: false }) });
    expect(screen.getByRole('link', { name: 'Change e-mail' })).toHaveAttribute('href', '/dashboard/user/me/change-email');
    expect(screen.getByRole('link', { name: 'Change password' })).toHaveAttribute('href', '/dashboard/user/me/change-password');
    expect(screen.getByRole('link', { name: 'Send confirmation e-mail' })).toHaveAttribute('href', '/dashboard/user/me/confirm-email');
    const danger = screen.getByRole('region', { name: 'Danger Zone' });
    expect(within(danger).getByRole('link', { name: 'Delete account' })).toHaveAttribute('href', '/dashboard/user/me/delete');
  });

  it('offers no e-mail change to a demo user', () => {
    renderRoute(<SecurityPage />, { path: '/dashboard/user/me/security', me: buildUser({ isDemo: true }) });
    expect(screen.queryByRole('link', { name: 'Change e-mail' })).not.toBeInTheDocument();
    expect(screen.getByText('Disabled in demo')).toBeInTheDocument();
  });
});
