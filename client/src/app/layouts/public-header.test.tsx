import { QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { apiError, mockApi } from '../../testing/mock-api';
import { AppProviders } from '../providers';
import { PublicHeader } from './public-header';

function renderHeader() {
  mockApi({ usersMe: apiError(401, 'SIGN_IN_REQUIRED') });
  const router = createMemoryRouter([{ path: '*', element: <PublicHeader /> }]);
  render(
    <AppProviders queryClient={new QueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('<PublicHeader>', () => {
  it('links to the features anchor and to login', () => {
    renderHeader();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Features' })).toHaveAttribute('href', '/#features');
    expect(within(nav).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  it('has a mobile menu with Features, Login, Try demo and Get started', async () => {
    const user = userEvent.setup();
    renderHeader();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('navigation', { name: 'Mobile' });
    expect(within(menu).getByRole('link', { name: 'Features' })).toHaveAttribute('href', '/#features');
    expect(within(menu).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(menu).getByRole('link', { name: 'Try demo' })).toHaveAttribute('href', '/register/demo');
    expect(within(menu).getByRole('link', { name: 'Get started' })).toHaveAttribute('href', '/register');
    expect(within(menu).getByText('KYC Management System')).toBeInTheDocument();

    await user.click(within(menu).getByRole('link', { name: 'Try demo' }));
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});
