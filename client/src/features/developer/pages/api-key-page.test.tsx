import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { apiError, type ApiHandlers } from '../../../testing/mock-api';
import { buildUser } from '../../../testing/users';
import { developerKeys } from '../api/query-keys';
import { renderPage } from '../testing/render-page';
import { ApiKeyPage } from './api-key-page';

const PATH = '/dashboard/user/me/developer/keys';
const FIRST_KEY = 'kyc_sk_firstKey0123456789abcdefghijklmnopq';
const SECOND_KEY = 'kyc_sk_secondKey9876543210zyxwvutsrqponmlk';

function keyApi(): ApiHandlers {
  let current = FIRST_KEY;
  return {
    apiKeysGet: () => ({ body: { apiKey: current } }),
    apiKeysRegenerate: () => {
      current = SECOND_KEY;
      return { body: { apiKey: current } };
    },
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
    const { callsTo, queryClient } = renderPage(<ApiKeyPage />, { path: PATH, api: keyApi() });
    await screen.findByTestId('secret-value');
    expect(callsTo('apiKeysGet')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Regenerate key' }));
    const dialog = screen.getByRole('dialog', { name: 'Regenerate API key?' });
    expect(dialog).toHaveTextContent('the current key stops working immediately');
    expect(callsTo('apiKeysRegenerate')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Regenerate key' }));

    expect(await screen.findByText('Successfully re-generated API key')).toBeInTheDocument();
    expect(callsTo('apiKeysRegenerate')).toHaveLength(1);
    // The key query was invalidated: the page asked the server again.
    await waitFor(() => expect(callsTo('apiKeysGet')).toHaveLength(2));
    expect(queryClient.getQueryData(developerKeys.apiKey())).toEqual({ apiKey: SECOND_KEY });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show API key' }));
    expect(screen.getByTestId('secret-value')).toHaveTextContent(SECOND_KEY);
  });

  it('keeps the key when the confirmation is cancelled', async () => {
    const user = userEvent.setup();
    const { callsTo } = renderPage(<ApiKeyPage />, { path: PATH, api: keyApi() });
    await screen.findByTestId('secret-value');
    await user.click(screen.getByRole('button', { name: 'Regenerate key' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo('apiKeysRegenerate')).toHaveLength(0);
  });

  it("says 'Failed to get API key' when the key cannot be loaded", async () => {
    renderPage(<ApiKeyPage />, {
      path: PATH,
      api: { apiKeysGet: apiError(500, 'INTERNAL_ERROR', 'Internal server error') },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to get API key');
  });

  it('shows demo users a notice instead of the key, without asking for one', async () => {
    const { callsTo } = renderPage(<ApiKeyPage />, { path: PATH, user: buildUser({ isDemo: true }), api: keyApi() });
    expect(await screen.findByText('API keys are not available for demo accounts. Create a free account to integrate.')).toBeInTheDocument();
    expect(screen.queryByTestId('secret-value')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Regenerate key' })).not.toBeInTheDocument();
    expect(callsTo('apiKeysGet')).toHaveLength(0);
  });

  it('shows the demo notice when the server refuses the key with 403', async () => {
    renderPage(<ApiKeyPage />, {
      path: PATH,
      api: { apiKeysGet: apiError(403, 'DEMO_NOT_ALLOWED', 'API keys are not available for demo accounts') },
    });
    expect(await screen.findByText('API keys are not available for demo accounts. Create a free account to integrate.')).toBeInTheDocument();
  });
});
