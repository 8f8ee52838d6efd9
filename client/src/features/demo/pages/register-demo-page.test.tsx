import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { GuestOnly } from '../../../app/route-guards';
import { renderRoute } from '../../../testing/render-route';
import { buildUser } from '../../../testing/users';
import { RegisterDemoPage } from './register-demo-page';

const DEMO_EMAIL = 'demo-3f2a9c1b7d4e5f60@demo.kyc.invalid';
const TOO_MANY =
  'Too many demo accounts were created from your network. Try again in 42 minutes, or sign up for a free account.';

/** /register/demo behind the guest-only guard, as in the app, with the demo calls answered. */
function renderDemoRegistration({ registerAnswer }: { registerAnswer?: { status: number; body: unknown } } = {}) {
  const demoUser = buildUser({ username: 'demo-3f2a9c1b7d', email: DEMO_EMAIL, isDemo: true });
  let signedIn = false;
  return renderRoute(null, {
    path: '/register/demo',
    me: null,
    routes: [
      { element: <GuestOnly />, children: [{ path: '/register/demo', element: <RegisterDemoPage /> }] },
      { path: '/dashboard', element: <p>Dashboard</p> },
      { path: '/login', element: <p>Login page</p> },
    ],
    api: (method, url, body) => {
      if (method === 'POST' && url === '/api/demo/register') return registerAnswer ?? { body: { email: DEMO_EMAIL } };
      if (method === 'POST' && url === '/api/auth/login') {
        const credentials = body as { username: string; password: string };
        if (credentials.username !== DEMO_EMAIL) return { status: 401, body: { statusCode: 401, message: 'nope' } };
        signedIn = true;
        return { body: demoUser };
      }
      if (url === '/api/users/me') return signedIn ? { body: demoUser } : { status: 401 };
      return undefined;
    },
  });
}

describe('<RegisterDemoPage>', { timeout: 20_000 }, () => {
  it('explains the demo and offers one action and a way to log in instead', async () => {
    renderDemoRegistration();
    expect(await screen.findByRole('heading', { name: 'Create demo account', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/about 60 applicants/)).toBeInTheDocument();
    expect(screen.getByText(/deleted when you log out/)).toBeInTheDocument();
    expect(screen.getByText(/after 24 hours/)).toBeInTheDocument();
    expect(screen.getByText(/username and e-mail are locked/)).toBeInTheDocument();
    expect(screen.getAllByRole('button')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Login instead' })).toHaveAttribute('href', '/login');
  });

  it('creates the account, signs in with its e-mail and the demo password, welcomes and goes to /dashboard', async () => {
    const { user, router, calls } = renderDemoRegistration();
    await user.click(await screen.findByRole('button', { name: 'Create demo account' }));

    expect(
      await screen.findByText('Your registration was successful. Welcome to the product!'),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(screen.getByText('Dashboard')).toBeInTheDocument();

    const writes = calls.filter((call) => call.method === 'POST');
    expect(writes.map((call) => call.url)).toEqual(['/api/demo/register', '/api/auth/login']);
    expect(writes[0].body).toBeUndefined();
    // Must match DEMO_PASSWORD in server/demo/demo.constants.ts.
    expect(writes[1].body).toEqual({ username: DEMO_EMAIL, password: 'kyc-demo-account' });
    // The current user was asked again after signing in.
    const meCalls = calls.filter((call) => call.url === '/api/users/me');
    expect(calls.indexOf(meCalls.at(-1)!)).toBeGreaterThan(calls.indexOf(writes[1]));
  });

  it("shows the server's message in an alert when too many demo accounts were made (429)", async () => {
    const { user, router, callsTo } = renderDemoRegistration({
      registerAnswer: { status: 429, body: { statusCode: 429, message: TOO_MANY, error: 'Too Many Requests' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Create demo account' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(TOO_MANY);
    expect(callsTo('POST', '/api/auth/login')).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/register/demo');
    expect(screen.getByRole('button', { name: 'Create demo account' })).toBeEnabled();
  });

  it('falls back to the status text when the error has no message', async () => {
    const { user } = renderDemoRegistration({ registerAnswer: { status: 503, body: {} } });
    await user.click(await screen.findByRole('button', { name: 'Create demo account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Service Unavailable');
  });

  it('disables the button and shows a spinner while the account is being created', async () => {
    const { user, fetchMock, callsTo, router } = renderDemoRegistration();
    const answer = fetchMock.getMockImplementation()!;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === '/api/demo/register') await gate;
      return answer(input, init);
    });

    const button = await screen.findByRole('button', { name: 'Create demo account' });
    await user.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button.querySelector('.spinner')).not.toBeNull();
    expect(screen.getByText('Preparing your organizations and applicants…')).toBeInTheDocument();

    // A second click while loading creates no second account.
    await user.click(button);
    expect(fetchMock.mock.calls.filter(([input]) => String(input) === '/api/demo/register')).toHaveLength(1);

    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(callsTo('POST', '/api/demo/register')).toHaveLength(1);
  });
});
