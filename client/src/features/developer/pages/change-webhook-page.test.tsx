import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { WebhookSettingsDto } from '../../../api/generated/types.gen';
import { apiError } from '../../../testing/mock-api';
import { renderPage } from '../testing/render-page';
import { ChangeWebhookPage } from './change-webhook-page';

const PATH = '/dashboard/user/me/developer/webhooks/change-webhook';
const SETTINGS: WebhookSettingsDto = { webhook: 'https://old.example.com/kyc', redirectUrl: null, secret: 'whsec_abc' };

describe('Change webhook page', () => {
  it("prefills the current URL, saves, toasts 'Successfully created webhook' and goes back", async () => {
    const user = userEvent.setup();
    const { callsTo, router } = renderPage(<ChangeWebhookPage />, {
      path: PATH,
      api: {
        webhooksGetSettings: { body: SETTINGS },
        webhookSettingsSetWebhook: ({ body }) => ({ body: { ...SETTINGS, ...body } }),
      },
    });

    const input = await screen.findByLabelText('Webhook URL');
    expect(input).toHaveValue('https://old.example.com/kyc');
    await user.clear(input);
    await user.type(input, 'https://new.example.com/kyc');
    await user.click(screen.getByRole('button', { name: 'Save webhook' }));

    expect(await screen.findByText('Successfully created webhook')).toBeInTheDocument();
    expect(callsTo('webhookSettingsSetWebhook').map((call) => call.body)).toEqual([{ webhook: 'https://new.example.com/kyc' }]);
    expect(router.state.location.pathname).toBe('/dashboard/user/me/developer/webhooks');
  });

  it("shows the server's SSRF refusal under the field", async () => {
    const user = userEvent.setup();
    renderPage(<ChangeWebhookPage />, {
      path: PATH,
      api: {
        webhooksGetSettings: { body: { ...SETTINGS, webhook: null } },
        webhookSettingsSetWebhook: apiError(400, 'WEBHOOK_URL_PRIVATE', 'Webhook URL must point to a public address'),
      },
    });

    expect(await screen.findByRole('heading', { name: 'Add webhook' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Webhook URL'), 'http://169.254.169.254/latest');
    await user.click(screen.getByRole('button', { name: 'Save webhook' }));

    expect(await screen.findByText('Webhook URL must point to a public address')).toBeInTheDocument();
    expect(screen.getByLabelText('Webhook URL')).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses a URL that is not http(s) without calling the server', async () => {
    const user = userEvent.setup();
    const { callsTo } = renderPage(<ChangeWebhookPage />, {
      path: PATH,
      api: { webhooksGetSettings: { body: SETTINGS } },
    });
    const input = await screen.findByLabelText('Webhook URL');
    await user.clear(input);
    await user.click(screen.getByRole('button', { name: 'Save webhook' }));
    expect(screen.getByText('This field is required')).toBeInTheDocument();
    await user.type(input, 'ftp://files.example.com');
    await user.click(screen.getByRole('button', { name: 'Save webhook' }));
    expect(screen.getByText('This field is invalid')).toBeInTheDocument();
    expect(callsTo('webhookSettingsSetWebhook')).toHaveLength(0);
  });
});
