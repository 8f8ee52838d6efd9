import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { buildUser } from '../../../testing/users';
import { developerKeys } from '../api/query-keys';
import { renderPage } from '../testing/render-page';
import { ApiKeyPage } from './api-key-page';

const PATH = '/dashboard/user/me/developer/keys';
const FIRST_KEY = 'kyc_sk_firstKey0123456789abcdefghijklmnopq';
const SECOND_KEY = 'kyc_sk_secondKey9876543210zyxwvutsrqponmlk';

function keyApi() {
  let current = FIRST_KEY;
  return (method: string, url: string) => {
    if (method === 'GET' && url === '/api/api-keys') return { body: { apiKey: current } };
    if (method === 'POST' && url === '/api/api-keys/regenerate') {
      current = SECOND_KEY;
      return { body: { apiKey: current } };
    }
    return undefined;
  };
}

describe('API Key page', () => {
  it('shows the key masked, keeping its prefix and last four characters, until revealed', async () => {
    const user = userEvent.setup();
    renderPage(<ApiKeyPage />, { path: PATH, api: keyApi() });

    const value = await screen.findByTestId('secret-value');
    expect(value).toHaveTextContent(/^kyc_sk_•+nopq$/);
    expect(value).not.toHaveTextContent(FIRST_KEY);

    await user.click(screen.getByRole('button', { name: 'Show API key' }));
    expect(value).toHaveTextContent(FIRST_KEY);
    expect(screen.getByRole('button', { name: 'Hide API key' })).toHaveAttribute('aria-pressed', 'true');
  });

  it("copies the whole key and toasts 'Copied API Key to clipboard'", async () => {
    const user = userEvent.setup();
    renderPage(<ApiKeyPage />, { path: PATH, api: keyApi() });

    await user.click(await screen.findByRole('button', { name: 'Copy API key' }));

    expect(await navigator.clipboard.readText()).toBe(FIRST_KEY);
    expect(await screen.findByText('Copied API Key to clipboard')).toBeInTheDocument();
  });

  it('regenerates only after a confirmation that the old key stops working, then refetches the key', async () => {
    const user = userEvent.setup();
    const { calls, queryClient } = renderPage(<ApiKeyPage />, { path: PATH, api: keyApi() });
    await screen.findByTestId('secret-value');
    expect(calls('GET', '/api/api-keys')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Regenerate key' }));
    const dialog = screen.getByRole('dialog', { name: 'Regenerate API key?' });
    expect(dialog).toHaveTextContent('the current key stops working immediately');
    expect(calls('POST', '/api/api-keys/regenerate')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Regenerate key' }));

    expect(await screen.findByText('Successfully re-generated API key')).toBeInTheDocument();
    expect(calls('POST', '/api/api-keys/regenerate')).toHaveLength(1);
    // The key query was invalidated: the page asked the server again.
    await waitFor(() => expect(calls('GET', '/api/api-keys')).toHaveLength(2));
    expect(queryClient.getQueryData(developerKeys.apiKey())).toEqual({ apiKey: SECOND_KEY });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show API key' }));
    expect(screen.getByTestId('secret-value')).toHaveTextContent(SECOND_KEY);
  });

  it('keeps the key when the confirmation is cancelled', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage(<ApiKeyPage />, { path: PATH, api: keyApi() });
    await screen.findByTestId('secret-value');
    await user.click(screen.getByRole('button', { name: 'Regenerate key' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls('POST', '/api/api-keys/regenerate')).toHaveLength(0);
  });

  it("says 'Failed to get API key' when the key cannot be loaded", async () => {
    renderPage(<ApiKeyPage />, {
      path: PATH,
      api: (method, url) =>
        method === 'GET' && url === '/api/api-keys'
          ? { status: 500, body: { statusCode: 500, message: 'Internal server error' } }
          : undefined,
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to get API key');
  });

  it('shows demo users a notice instead of the key, without asking for one', async () => {
    const { calls } = renderPage(<ApiKeyPage />, { path: PATH, user: buildUser({ isDemo: true }), api: keyApi() });
    expect(
      await screen.findByText('API keys are not available for demo accounts. Create a free account to integrate.'),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('secret-value')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Regenerate key' })).not.toBeInTheDocument();
    expect(calls('GET', '/api/api-keys')).toHaveLength(0);
  });

  it('shows the demo notice when the server refuses the key with 403', async () => {
    renderPage(<ApiKeyPage />, {
      path: PATH,
      api: (method, url) =>
        method === 'GET' && url === '/api/api-keys'
          ? { status: 403, body: { statusCode: 403, message: 'API keys are not available for demo accounts' } }
          : undefined,
    });
    expect(
      await screen.findByText('API keys are not available for demo accounts. Create a free account to integrate.'),
    ).toBeInTheDocument();
  });
});
