import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { authorizationOf, fakeKycServer } from '../testing/fake-kyc-server';
import { SumsubWidget } from './sumsub-widget';

const LINK = { kind: 'companyKey', companyKey: 'pk_acme', userId: 'customer-1' } as const;
const launchSumsubWebSdk = vi.fn();
vi.mock('./sumsub-websdk-adapter', () => ({ launchSumsubWebSdk: (options: unknown) => launchSumsubWebSdk(options) }));

describe('the Sumsub provider', () => {
  it('launches the WebSDK with an access token from the server, and refreshes it through the server', async () => {
    const server = fakeKycServer();
    const destroy = vi.fn();
    launchSumsubWebSdk.mockResolvedValue(destroy);

    const { unmount } = render(
      <QueryClientProvider client={new QueryClient()}>
        <SumsubWidget link={LINK} organizationName="Acme Bank" />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Verify your identity for Acme Bank' })).toBeInTheDocument();
    await waitFor(() => expect(launchSumsubWebSdk).toHaveBeenCalledTimes(1));
    const options = launchSumsubWebSdk.mock.calls[0][0] as { container: string; accessToken: string; refreshAccessToken: () => Promise<string> };
    expect(options.container).toBe('#sumsub-websdk-container');
    expect(options.accessToken).toBe('sumsub-1');
    expect(document.querySelector(options.container)).not.toBeNull();
    await expect(options.refreshAccessToken()).resolves.toBe('sumsub-2');
    expect(server.callsTo('sumsubAccessToken').map(authorizationOf)).toEqual(['Bearer token-1', 'Bearer token-1']);

    unmount();
    expect(destroy).toHaveBeenCalled();
  });

  it('says so when the WebSDK script cannot be loaded', async () => {
    fakeKycServer();
    launchSumsubWebSdk.mockRejectedValue(new Error('The Sumsub WebSDK could not be loaded'));
    render(
      <QueryClientProvider client={new QueryClient()}>
        <SumsubWidget link={LINK} organizationName="Acme Bank" />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('The verification service could not be loaded. Please try again later.')).toBeInTheDocument();
  });
});
