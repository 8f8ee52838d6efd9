import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { WebhookSettingsDto } from '../../../api/generated/types.gen';
import { renderPage } from '../testing/render-page';
import { buildWebhookEvent, page } from '../testing/webhook-events';
import { WebhooksPage } from './webhooks-page';

const PATH = '/dashboard/user/me/developer/webhooks';
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const SETTINGS: WebhookSettingsDto = { webhook: 'https://hooks.example.com/kyc', redirectUrl: null, secret: SECRET };

describe('Webhooks page', () => {
  it('shows that no webhook is configured, with the test button disabled', async () => {
    renderPage(<WebhooksPage />, {
      path: PATH,
      api: {
        webhooksGetSettings: { body: { webhook: null, redirectUrl: null, secret: null } },
        webhooksListEvents: { body: page([]) },
      },
    });
    expect(await screen.findByText('No webhook configured')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send test event' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Add webhook' })).toHaveAttribute('href', '/dashboard/user/me/developer/webhooks/change-webhook');
    expect(screen.getByText('A signing secret is created when you save your first webhook URL.')).toBeInTheDocument();
  });

  it('shows the URL and the masked secret, which copies whole', async () => {
    const user = userEvent.setup();
    renderPage(<WebhooksPage />, {
      path: PATH,
      api: {
        webhooksGetSettings: { body: SETTINGS },
        webhooksListEvents: { body: page([]) },
      },
    });
    expect(await screen.findByTestId('webhook-url')).toHaveTextContent('https://hooks.example.com/kyc');
    expect(screen.getByTestId('secret-value')).toHaveTextContent(/^whsec_•+LaSw$/);
    await user.click(screen.getByRole('button', { name: 'Copy signing secret' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(await screen.findByText('Copied signing secret to clipboard')).toBeInTheDocument();
  });

  it('sends a test event and shows it in the log', async () => {
    const user = userEvent.setup();
    let sent = false;
    const event = buildWebhookEvent();
    renderPage(<WebhooksPage />, {
      path: PATH,
      api: {
        webhooksGetSettings: { body: SETTINGS },
        webhooksListEvents: () => ({ body: page(sent ? [event] : []) }),
        webhooksSendTest: () => {
          sent = true;
          return { body: event };
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Send test event' }));
    expect(await screen.findByText('Test event delivered: your endpoint answered 200')).toBeInTheDocument();
    expect(await screen.findByTestId('delivery-log-row')).toHaveTextContent('webhook.test');
  });

  it('rotates the secret after a confirmation', async () => {
    const user = userEvent.setup();
    let settings = SETTINGS;
    renderPage(<WebhooksPage />, {
      path: PATH,
      api: {
        webhooksGetSettings: () => ({ body: settings }),
        webhooksListEvents: { body: page([]) },
        webhooksRotateSecret: () => {
          settings = { ...SETTINGS, secret: 'whsec_NewSecretNewSecretNewSecretNEW1' };
          return { body: settings };
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Rotate secret' }));
    const dialog = screen.getByRole('dialog', { name: 'Rotate signing secret?' });
    expect(dialog).toHaveTextContent('the current secret stops verifying immediately');
    await user.click(within(dialog).getByRole('button', { name: 'Rotate secret' }));
    expect(await screen.findByText('Successfully rotated the webhook signing secret')).toBeInTheDocument();
    expect(screen.getByTestId('secret-value')).toHaveTextContent(/NEW1$/);
  });
});
