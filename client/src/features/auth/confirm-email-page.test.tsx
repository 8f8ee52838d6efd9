import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { apiError } from '../../testing/mock-api';
import { renderRoute } from '../../testing/render-route';
import { ConfirmEmailPage } from './confirm-email-page';
import { reloadAt } from './reload-at';

vi.mock('./reload-at', () => ({ reloadAt: vi.fn() }));

const LINK = '/confirm-email?token=t-1&user=u-1';

afterEach(() => {
  vi.useRealTimers();
  vi.mocked(reloadAt).mockReset();
});

describe('<ConfirmEmailPage>', { timeout: 20_000 }, () => {
  it('shows loading, confirms, then after 3000 ms reloads the app at /dashboard', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { callsTo } = renderRoute(<ConfirmEmailPage />, {
      path: LINK,
      me: null,
      api: { authEmailsConfirmEmail: ({ query }) => (query.token === 't-1' && query.user === 'u-1' ? { body: { message: 'ok' } } : undefined) },
    });
    expect(screen.getByText('Confirming your e-mail address…')).toBeInTheDocument();

    expect(await screen.findByText('Your e-mail address is confirmed')).toBeInTheDocument();
    vi.advanceTimersByTime(2900);
    expect(reloadAt).not.toHaveBeenCalled();
    vi.advanceTimersByTime(200);
    expect(reloadAt).toHaveBeenCalledWith('/dashboard');
    expect(callsTo('authEmailsConfirmEmail').map((call) => call.query)).toEqual([{ token: 't-1', user: 'u-1' }]);
  });

  it("shows a 400's message with 'Back to dashboard', without retrying", async () => {
    const message = 'This link is invalid, has expired or was already used. Request a new one.';
    const { callsTo } = renderRoute(<ConfirmEmailPage />, {
      path: LINK,
      me: null,
      api: { authEmailsConfirmEmail: apiError(400, 'LINK_INVALID', message) },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(callsTo('authEmailsConfirmEmail')).toHaveLength(1);
    expect(reloadAt).not.toHaveBeenCalled();
  });

  it('retries any other failure up to 2 times', async () => {
    const { callsTo } = renderRoute(<ConfirmEmailPage />, {
      path: LINK,
      me: null,
      api: { authEmailsConfirmEmail: apiError(503, 'SERVICE_UNAVAILABLE', 'Service Unavailable') },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Service Unavailable');
    expect(callsTo('authEmailsConfirmEmail')).toHaveLength(3);
  });

  it('calls nothing when the link has neither token nor user', async () => {
    const { callsTo } = renderRoute(<ConfirmEmailPage />, { path: '/confirm-email', me: null });
    expect(await screen.findByRole('alert')).toHaveTextContent('This confirmation link is incomplete');
    expect(callsTo('authEmailsConfirmEmail')).toHaveLength(0);
  });
});
