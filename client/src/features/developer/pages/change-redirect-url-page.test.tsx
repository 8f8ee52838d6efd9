import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { renderPage } from '../testing/render-page';
import { ChangeRedirectUrlPage } from './change-redirect-url-page';

const PATH = '/dashboard/user/me/developer/redirect-url/change-redirect-url';
const SETTINGS = { webhook: 'https://hooks.example.com/kyc', redirectUrl: null, secret: 'whsec_abc' };

describe('Change redirect URL page', () => {
  it("saves, toasts 'Successfully registered a redirect url' and goes back", async () => {
    const user = userEvent.setup();
    const { calls, router } = renderPage(<ChangeRedirectUrlPage />, {
      path: PATH,
      api: (method, url, body) => {
        if (method === 'GET' && url === '/api/webhooks/settings') return { body: SETTINGS };
        if (method === 'PUT' && url === '/api/users/redirect-url') {
          return { body: { ...SETTINGS, redirectUrl: (body as { redirectUrl: string }).redirectUrl } };
        }
        return undefined;
      },
    });

    await user.type(await screen.findByLabelText('Redirect URL'), '  https://www.example.com/done  ');
    await user.click(screen.getByRole('button', { name: 'Save redirect URL' }));

    expect(await screen.findByText('Successfully registered a redirect url')).toBeInTheDocument();
    const [[, init]] = calls('PUT', '/api/users/redirect-url');
    expect(JSON.parse(String(init?.body))).toEqual({ redirectUrl: 'https://www.example.com/done' });
    expect(router.state.location.pathname).toBe('/dashboard/user/me/developer/redirect-url');
  });

  it("shows the server's 'redirectUrl must be a URL address' as 'redirect link must be a valid url address'", async () => {
    const user = userEvent.setup();
    renderPage(<ChangeRedirectUrlPage />, {
      path: PATH,
      api: (method, url) => {
        if (method === 'GET' && url === '/api/webhooks/settings') return { body: SETTINGS };
        if (method === 'PUT' && url === '/api/users/redirect-url') {
          return {
            status: 400,
            body: { statusCode: 400, message: ['redirectUrl must be a URL address'], error: 'Bad Request' },
          };
        }
        return undefined;
      },
    });

    // Passes the browser's URL parser, fails the server's stricter check.
    await user.type(await screen.findByLabelText('Redirect URL'), 'http://under_score');
    await user.click(screen.getByRole('button', { name: 'Save redirect URL' }));

    expect(await screen.findByText('redirect link must be a valid url address')).toBeInTheDocument();
    expect(screen.queryByText('redirectUrl must be a URL address')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Redirect URL')).toHaveAttribute('aria-invalid', 'true');
  });

  it("requires a value before calling the server ('This field is required')", async () => {
    const user = userEvent.setup();
    const { calls } = renderPage(<ChangeRedirectUrlPage />, {
      path: PATH,
      api: (method, url) => (method === 'GET' && url === '/api/webhooks/settings' ? { body: SETTINGS } : undefined),
    });
    await user.click(await screen.findByRole('button', { name: 'Save redirect URL' }));
    expect(screen.getByText('This field is required')).toBeInTheDocument();
    expect(calls('PUT', '/api/users/redirect-url')).toHaveLength(0);
  });
});
