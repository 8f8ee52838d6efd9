import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import type { CurrentUser } from '../api/current-user';
import { apiError, mockApi, type ApiHandlers } from '../testing/mock-api';
import { buildUser } from '../testing/users';
import { AppProviders } from './providers';
import { routes } from './router';

// Screens land feature by feature, so these tests wait for whichever page the route
// shows (every page has one h1) and then check where the router ended up.
const findPage = () => screen.findByRole('heading', { level: 1 });

/** users/me's refusals: 401 as the server sends it; a 403 (spec §8) only from something in front of it, without a code. */
const refusal = (status: number) =>
  status === 401
    ? apiError(401, 'SIGN_IN_REQUIRED')
    : status === 403
      ? { status, body: { statusCode: 403, message: 'Forbidden', error: 'Forbidden' } }
      : apiError(status, 'INTERNAL_ERROR');

/** Renders the real route table at `path` with the current user (usersMe) answering as given. */
function renderApp(path: string, me: { status: number; body?: CurrentUser } | 'pending', api: ApiHandlers = {}) {
  const { fetchMock } = mockApi({
    ...api,
    usersMe: () => {
      if (me === 'pending') return new Promise(() => {});
      if (me.body) return { status: me.status, body: me.body };
      return refusal(me.status);
    },
  });

  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, fetchMock };
}

const signedOut = { status: 401 } as const;
const signedIn = (role: CurrentUser['role'] = 'kyc') => ({ status: 200, body: buildUser({ role }) });

describe('access rules', () => {
  it('sends a guest from a protected page to /login', async () => {
    const { router } = renderApp('/dashboard/select', signedOut);
    expect(await findPage()).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('treats 403 from users/me as signed out too', async () => {
    const { router } = renderApp('/dashboard/user/me', { status: 403 });
    await findPage();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows a loading state on a protected page until the user is known', async () => {
    const { router } = renderApp('/dashboard/select', 'pending');
    // The router's own fallback also reads 'Loading...'; wait until the guard renders.
    await waitFor(() => expect(router.state.initialized).toBe(true));
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/select');
  });

  it("shows 'Loading Failed' rather than signing out when users/me fails otherwise", async () => {
    const { router } = renderApp('/dashboard/select', { status: 500 });
    expect(await screen.findByText('Loading Failed')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/select');
  });

  it('keeps an account that must set up two-factor sign-in on the Security page', async () => {
    const twoFactorStatus = () => ({
      body: { totpEnabled: false, recoveryCodesLeft: 0, passkeys: 0, required: true, enrolmentRequired: true },
    });
    const { router } = renderApp('/dashboard/select', signedIn(), { twoFactorStatus });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/user/me/security'));
    expect(await screen.findByText('Set up two-factor sign-in to continue')).toBeInTheDocument();
  });

  it('lets a signed-in user into the dashboard, and /dashboard goes to /dashboard/select', async () => {
    const { router } = renderApp('/dashboard', signedIn());
    await findPage();
    expect(router.state.location.pathname).toBe('/dashboard/select');
  });

  it.each(['/login', '/register', '/register/demo', '/kyc?companyKey=pk_1&userId=u1'])(
    'sends a signed-in user from guest-only %s to the dashboard',
    async (path) => {
      const { router } = renderApp(path, signedIn());
      await findPage();
      expect(router.state.location.pathname).toBe('/dashboard/select');
    },
  );

  it.each(['/login', '/register', '/register/demo', '/kyc'])('lets a guest open %s', async (path) => {
    const { router } = renderApp(path, signedOut);
    await findPage();
    expect(router.state.location.pathname).toBe(path);
  });

  it.each(['/dashboard/user/me/create', '/dashboard/user/me/manage-permission'])('shows Unauthorized! on super-admin-only %s to an admin', async (path) => {
    renderApp(path, signedIn('admin'));
    expect(await screen.findByRole('heading', { name: 'Unauthorized!' })).toBeInTheDocument();
    expect(screen.getByText("You currently don't have permission to see this page.")).toBeInTheDocument();
    // Inside the signed-in frame, whose `main` it keeps: one `main`, one top bar.
    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect(screen.getAllByRole('banner')).toHaveLength(1);
  });

  it('opens super-admin-only pages for a super-admin', async () => {
    renderApp('/dashboard/user/me/manage-permission', signedIn('super-admin'));
    expect(await screen.findByRole('heading', { name: 'Permission Manager' })).toBeInTheDocument();
  });

  it('keeps public pages public for either', async () => {
    renderApp('/password-reset', signedIn());
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
  });
});

describe('organization routes', () => {
  it('sends an unknown (or foreign) organization id to the organization picker, saying why', async () => {
    const { router } = renderApp('/dashboard/00000000-0000-4000-8000-000000000000/applicants', signedIn());
    expect(await screen.findByText(/That organization does not exist, or you are not one of its members/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/select');
  });
});

describe('public pages', () => {
  it("shows 'Page not found!' for an unknown route", async () => {
    renderApp('/no/such/page', signedOut);
    expect(await screen.findByRole('heading', { name: 'Page not found!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to home page' })).toHaveAttribute('href', '/');
  });

  it("offers a guest 'Get started, it's free' and the demo", async () => {
    renderApp('/', signedOut);
    expect(await screen.findByRole('link', { name: "Get started, it's free" })).toHaveAttribute('href', '/register');
    expect(screen.getAllByRole('link', { name: 'Explore demo account' })[0]).toHaveAttribute('href', '/register/demo');
    expect(screen.getByRole('heading', { name: 'Instant verification' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Global compliance' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Fraud prevention' })).toBeInTheDocument();
  });

  it("offers a signed-in visitor 'Open dashboard' instead", async () => {
    renderApp('/', signedIn());
    const links = await screen.findAllByRole('link', { name: 'Open dashboard' });
    expect(links[0]).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('link', { name: "Get started, it's free" })).not.toBeInTheDocument();
  });

  it('has the footer links and the current year', async () => {
    renderApp('/privacy', signedOut);
    expect(await screen.findByRole('heading', { name: 'Privacy policy', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try Demo' })).toHaveAttribute('href', '/demo');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByText(new RegExp(`© ${new Date().getFullYear()}`))).toBeInTheDocument();
  });
});
