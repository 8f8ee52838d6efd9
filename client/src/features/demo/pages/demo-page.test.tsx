import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { AppProviders } from '../../../app/providers';
import { routes } from '../../../app/router';
import { apiError, mockApi } from '../../../testing/mock-api';
import { renderRoute } from '../../../testing/render-route';
import { buildUser } from '../../../testing/users';
import { DemoPage } from './demo-page';

const DEMO_EMAIL = 'demo-0011223344556677@demo.kyc.invalid';

function renderDemoPage(me: ReturnType<typeof buildUser> | null) {
  const demoUser = buildUser({ username: 'demo-0011223344', email: DEMO_EMAIL, isDemo: true });
  let signedIn = false;
  return renderRoute(null, {
    path: '/demo',
    me,
    routes: [
      { path: '/demo', element: <DemoPage /> },
      { path: '/dashboard', element: <p>Dashboard</p> },
    ],
    api: {
      demoRegister: { body: { email: DEMO_EMAIL } },
      authLogin: () => {
        signedIn = true;
        return { body: demoUser };
      },
      usersMe: () => (signedIn ? { body: demoUser } : me ? { body: me } : apiError(401, 'SIGN_IN_REQUIRED')),
    },
  });
}

describe('<DemoPage> (/demo, "Try Demo")', { timeout: 20_000 }, () => {
  it('lets a visitor create the demo account in one click and lands on /dashboard signed in', async () => {
    const { user, router, callsTo, queryClient } = renderDemoPage(null);
    expect(await screen.findByRole('heading', { name: 'Try the platform with a demo account', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'What you can try' })).toBeInTheDocument();
    expect(screen.getByText(/deleted when you log out/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login instead' })).toHaveAttribute('href', '/login');

    await user.click(screen.getByRole('button', { name: 'Create demo account' }));

    expect(await screen.findByText('Your registration was successful. Welcome to the product!')).toBeInTheDocument();
    // A public page has no guest-only guard to move on: the page itself goes to the dashboard.
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(callsTo('authLogin')[0].body).toEqual({ username: DEMO_EMAIL, password: 'kyc-demo-account' });
    expect(queryClient.getQueryData(['users', 'me'])).toMatchObject({ email: DEMO_EMAIL, isDemo: true });
  });

  it('does not offer a signed-in user a demo account that would end their session', async () => {
    renderDemoPage(buildUser({ username: 'alice' }));
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: 'Create demo account' })).not.toBeInTheDocument();
    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent('You are signed in as alice. Log out first to try a demo account');
    expect(screen.getByRole('link', { name: 'Open dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('tells a demo user they are already in a demo account', async () => {
    renderDemoPage(buildUser({ isDemo: true }));
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('status')).toHaveTextContent('You are already signed in to a demo account.');
    expect(screen.queryByRole('button', { name: 'Create demo account' })).not.toBeInTheDocument();
  });

  it('is shown inside the public header and footer by the app router', async () => {
    mockApi({ usersMe: apiError(401, 'SIGN_IN_REQUIRED', 'Unauthorized') });
    const router = createMemoryRouter(routes, { initialEntries: ['/demo'] });
    render(
      <AppProviders queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    expect(await screen.findByRole('heading', { name: 'Try the platform with a demo account', level: 1 })).toBeInTheDocument();
    expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Try Demo' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Create demo account' })).toBeEnabled();
  });
});
