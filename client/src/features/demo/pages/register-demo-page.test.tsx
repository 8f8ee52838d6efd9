import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { GuestOnly } from '../../../app/route-guards';
import { apiError, type MockAnswer } from '../../../testing/mock-api';
import { renderRoute } from '../../../testing/render-route';
import { buildUser } from '../../../testing/users';
import { RegisterDemoPage } from './register-demo-page';

const DEMO_EMAIL = 'demo-3f2a9c1b7d4e5f60@demo.kyc.invalid';
const TOO_MANY = 'Too many demo accounts were created from your network. Try again in 42 minutes, or sign up for a free account.';

/** /register/demo behind the guest-only guard, as in the app, with the demo calls answered. */
function renderDemoRegistration({
  registerAnswer = { body: { email: DEMO_EMAIL } },
  registered = Promise.resolve(),
}: {
  registerAnswer?: MockAnswer<{ email: string }>;
  /** demoRegister answers once this settles. */
  registered?: Promise<void>;
} = {}) {
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
    api: {
      demoRegister: async () => {
        await registered;
        return registerAnswer;
      },
      authLogin: ({ body }) => {
        if (body?.username !== DEMO_EMAIL) return apiError(401, 'SIGN_IN_REQUIRED', 'nope');
        signedIn = true;
        return { body: demoUser };
      },
      usersMe: () => (signedIn ? { body: demoUser } : apiError(401, 'SIGN_IN_REQUIRED')),
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

    expect(await screen.findByText('Your registration was successful. Welcome to the product!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(screen.getByText('Dashboard')).toBeInTheDocument();

    const writes = calls.filter((call) => call.method === 'POST');
    expect(writes.map((call) => call.operation)).toEqual(['demoRegister', 'authLogin']);
    expect(writes[0].body).toBeUndefined();
    // Must match DEMO_PASSWORD in server/demo/demo.constants.ts.
    expect(writes[1].body).toEqual({ username: DEMO_EMAIL, password: 'kyc-demo-account' });
    // The current user was asked again after signing in.
    const meCalls = calls.filter((call) => call.operation === 'usersMe');
    expect(calls.indexOf(meCalls.at(-1)!)).toBeGreaterThan(calls.indexOf(writes[1]));
  });

  it("shows the server's message in an alert when too many demo accounts were made (429)", async () => {
    const { user, router, callsTo } = renderDemoRegistration({
      registerAnswer: apiError(429, 'DEMO_LIMIT_REACHED', TOO_MANY),
    });
    await user.click(await screen.findByRole('button', { name: 'Create demo account' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(TOO_MANY);
    expect(callsTo('authLogin')).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/register/demo');
    expect(screen.getByRole('button', { name: 'Create demo account' })).toBeEnabled();
  });

  it('falls back to the status text when the error has no message', async () => {
    const { user } = renderDemoRegistration({ registerAnswer: { status: 503, body: {} } });
    await user.click(await screen.findByRole('button', { name: 'Create demo account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Service Unavailable');
  });

  it('disables the button and shows a spinner while the account is being created', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { user, callsTo, router } = renderDemoRegistration({ registered: gate });

    const button = await screen.findByRole('button', { name: 'Create demo account' });
    await user.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button.querySelector('.spinner')).not.toBeNull();
    expect(screen.getByText('Preparing your organizations and applicants…')).toBeInTheDocument();

    // A second click while loading creates no second account.
    await user.click(button);
    expect(callsTo('demoRegister')).toHaveLength(1);

    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(callsTo('demoRegister')).toHaveLength(1);
  });
});
