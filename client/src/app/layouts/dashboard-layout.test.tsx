import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { CurrentUser } from '../../api/current-user';
import { urlOf } from '../../api/endpoints';
import { usersImage } from '../../api/sdk';
import { REPORT_ISSUE_URL } from '../../config/app';
import { renderRoute } from '../../testing/render-route';
import { buildUser } from '../../testing/users';
import { DashboardLayout } from './dashboard-layout';
import { SettingsLayout } from './settings-layout';

function renderDashboard(me: CurrentUser, path = '/dashboard/user/me') {
  return renderRoute(null, {
    path,
    me,
    routes: [
      {
        path: '/dashboard',
        element: <DashboardLayout />,
        children: [
          { path: 'select', element: <h1>Your organizations</h1> },
          { path: ':organizationId/*', element: <h1>An organization&apos;s page</h1> },
          {
            path: 'user/me',
            element: <SettingsLayout />,
            children: [
              { index: true, element: <h1>My account</h1> },
              { path: '*', element: <h1>Settings page</h1> },
            ],
          },
        ],
      },
    ],
  });
}

describe('<DashboardLayout> user menu', { timeout: 20_000 }, () => {
  it('shows the avatar and username, and opens Settings, Report issue and Logout', async () => {
    const picture = urlOf(usersImage, { path: { id: '1' } });
    const me = buildUser({ username: 'alice', image: { url: picture, hasImage: true } });
    const { user } = renderDashboard(me, '/dashboard/select');
    expect(screen.getByRole('link', { name: /home/ })).toHaveAttribute('href', '/dashboard/select');

    const button = screen.getByRole('button', { name: 'Account menu for alice' });
    expect(button.querySelector('img')).toHaveAttribute('src', picture);
    await user.click(button);

    const menu = screen.getByRole('menu', { name: 'Account' });
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/dashboard/user/me');
    const report = within(menu).getByRole('menuitem', { name: /Report issue/ });
    expect(report).toHaveAttribute('href', REPORT_ISSUE_URL);
    expect(report).toHaveAttribute('target', '_blank');
    expect(within(menu).queryByText('Demo')).not.toBeInTheDocument();
    expect(within(menu).queryByText('Unconfirmed')).not.toBeInTheDocument();

    await user.click(within(menu).getByRole('menuitem', { name: 'Logout' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Logout' })).toBeInTheDocument();
  });

  it('shows Demo and Unconfirmed badges where they apply', async () => {
    const { user } = renderDashboard(buildUser({ isDemo: true, isConfirmed: false }), '/dashboard/select');
    await user.click(screen.getByRole('button', { name: /Account menu/ }));
    const menu = screen.getByRole('menu');
    expect(within(menu).getByText('Demo')).toBeInTheDocument();
    expect(within(menu).getByText('Unconfirmed')).toBeInTheDocument();
  });

  it('closes on Escape and gives focus back to the button', async () => {
    const { user } = renderDashboard(buildUser(), '/dashboard/select');
    const button = screen.getByRole('button', { name: /Account menu/ });
    await user.click(button);
    expect(screen.getByRole('menuitem', { name: 'Settings' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: /Report issue/ })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });
});

describe('<DashboardLayout> skip links', { timeout: 20_000 }, () => {
  it("offers 'Skip to the queue' after 'Skip to content' on an organization's pages, keeping the list's filters on the list", async () => {
    const { user, router } = renderDashboard(buildUser(), '/dashboard/org-1/members');
    const skip = screen.getByRole('link', { name: 'Skip to the queue' });
    expect(skip).toHaveAttribute('href', '/dashboard/org-1/applicants#queue');
    // First in the page's tab order: nothing of the frame comes before it.
    await user.tab();
    expect(skip).toHaveFocus();
    await user.click(skip);
    expect(router.state.location).toMatchObject({ pathname: '/dashboard/org-1/applicants', hash: '#queue' });

    await router.navigate('/dashboard/org-1/applicants?status=queued&page=2');
    expect(await screen.findByRole('link', { name: 'Skip to the queue' })).toHaveAttribute('href', '/dashboard/org-1/applicants?status=queued&page=2#queue');
  });

  it('has no skip to the queue outside an organization', () => {
    renderDashboard(buildUser(), '/dashboard/select');
    expect(screen.queryByRole('link', { name: 'Skip to the queue' })).not.toBeInTheDocument();
  });
});

describe('<SettingsLayout> sidebar', { timeout: 20_000 }, () => {
  it('lists account and developer links, and Logout, for a kyc user without Administration', () => {
    renderDashboard(buildUser({ role: 'kyc' }));
    const nav = screen.getByRole('navigation', { name: 'Settings' });
    expect(within(nav).getByRole('link', { name: 'My account' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Privacy & Security' })).toHaveAttribute('href', '/dashboard/user/me/security');
    for (const [name, href] of [
      ['Documentation', '/dashboard/user/me/developer'],
      ['API Key', '/dashboard/user/me/developer/keys'],
      ['Webhooks', '/dashboard/user/me/developer/webhooks'],
      ['Redirect Url', '/dashboard/user/me/developer/redirect-url'],
    ]) {
      expect(within(nav).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(within(nav).queryByText('Administration')).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Permission Manager' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it.each(['admin', 'super-admin'] as const)('shows Administration to a %s only if super-admin', (role) => {
    renderDashboard(buildUser({ role }));
    const nav = screen.getByRole('navigation', { name: 'Settings' });
    const links = within(nav).queryAllByRole('link', { name: /Permission Manager|Create User/ });
    expect(links).toHaveLength(role === 'super-admin' ? 2 : 0);
  });

  it('marks Privacy & Security current on the forms opened from it', () => {
    renderDashboard(buildUser(), '/dashboard/user/me/change-password');
    const nav = screen.getByRole('navigation', { name: 'Settings' });
    expect(within(nav).getByRole('link', { name: 'Privacy & Security' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'My account' })).not.toHaveAttribute('aria-current');
  });
});
