import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { renderPage } from '../testing/render-page';
import { buildWebhookEvent, page } from '../testing/webhook-events';
import { WebhooksPage } from './webhooks-page';

const PATH = '/dashboard/user/me/developer/webhooks';
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const SETTINGS = { webhook: 'https://hooks.example.com/kyc', redirectUrl: null, secret: SECRET };

describe('Webhooks page', () => {
  it('shows that no webhook is configured, with the test button disabled', async () => {
    renderPage(<WebhooksPage />, {
      path: PATH,
      api: (method, url) => {
        if (method === 'GET' && url === '/api/webhooks/settings') return { body: { webhook: null, redirectUrl: null, secret: null } };
        if (method === 'GET' && url.startsWith('/api/webhooks/events')) return { body: page([]) };
        return undefined;
      },
    });
    expect(await screen.findByText('No webhook configured')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send test event' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Add webhook' })).toHaveAttribute(
      'href',
      '/dashboard/user/me/developer/webhooks/change-webhook',
    );
    expect(screen.getByText('A signing secret is created when you save your first webhook URL.')).toBeInTheDocument();
  });

  it('shows the URL and the masked secret, which copies whole', async () => {
    const user = userEvent.setup();
    renderPage(<WebhooksPage />, {
      path: PATH,
      api: (method, url) => {
        if (method === 'GET' && url === '/api/webhooks/settings') return { body: SETTINGS };
        if (method === 'GET' && url.startsWith('/api/webhooks/events')) return { body: page([]) };
        return undefined;
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
      api: (method, url) => {
        if (method === 'GET' && url === '/api/webhooks/settings') return { body: SETTINGS };
        if (method === 'GET' && url.startsWith('/api/webhooks/events')) return { body: page(sent ? [event] : []) };
        if (method === 'POST' && url === '/api/webhooks/test') {
          sent = true;
          return { body: event };
        }
        return undefined;
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
      api: (method, url) => {
        if (method === 'GET' && url === '/api/webhooks/settings') return { body: settings };
        if (method === 'GET' && url.startsWith('/api/webhooks/events')) return { body: page([]) };
        if (method === 'POST' && url === '/api/webhooks/secret/rotate') {
          settings = { ...SETTINGS, secret: 'whsec_NewSecretNewSecretNewSecretNEW1' };
          return { body: settings };
        }
        return undefined;
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
