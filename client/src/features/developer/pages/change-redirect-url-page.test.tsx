import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { WebhookSettingsDto } from '../../../api/generated/types.gen';
import { apiError } from '../../../testing/mock-api';
import { renderPage } from '../testing/render-page';
import { ChangeRedirectUrlPage } from './change-redirect-url-page';

const PATH = '/dashboard/user/me/developer/redirect-url/change-redirect-url';
const SETTINGS: WebhookSettingsDto = { webhook: 'https://hooks.example.com/kyc', redirectUrl: null, secret: 'whsec_abc' };

describe('Change redirect URL page', () => {
  it("saves, toasts 'Successfully registered a redirect url' and goes back", async () => {
    const user = userEvent.setup();
    const { callsTo, router } = renderPage(<ChangeRedirectUrlPage />, {
      path: PATH,
      api: {
        webhooksGetSettings: { body: SETTINGS },
        webhookSettingsSetRedirectUrl: ({ body }) => ({ body: { ...SETTINGS, redirectUrl: body!.redirectUrl } }),
      },
    });

    await user.type(await screen.findByLabelText('Redirect URL'), '  https://www.example.com/done  ');
    await user.click(screen.getByRole('button', { name: 'Save redirect URL' }));

    expect(await screen.findByText('Successfully registered a redirect url')).toBeInTheDocument();
    expect(callsTo('webhookSettingsSetRedirectUrl').map((call) => call.body)).toEqual([{ redirectUrl: 'https://www.example.com/done' }]);
    expect(router.state.location.pathname).toBe('/dashboard/user/me/developer/redirect-url');
  });

  it("shows the server's validation failure (400 VALIDATION_FAILED) as 'redirect link must be a valid url address'", async () => {
    const user = userEvent.setup();
    renderPage(<ChangeRedirectUrlPage />, {
      path: PATH,
      api: {
        webhooksGetSettings: { body: SETTINGS },
        webhookSettingsSetRedirectUrl: apiError(400, 'VALIDATION_FAILED', ['redirectUrl must be a URL address']),
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
    const { callsTo } = renderPage(<ChangeRedirectUrlPage />, {
      path: PATH,
      api: { webhooksGetSettings: { body: SETTINGS } },
    });
    await user.click(await screen.findByRole('button', { name: 'Save redirect URL' }));
    expect(screen.getByText('This field is required')).toBeInTheDocument();
    expect(callsTo('webhookSettingsSetRedirectUrl')).toHaveLength(0);
  });
});
