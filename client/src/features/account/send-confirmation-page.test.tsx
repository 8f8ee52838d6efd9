import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { apiError } from '../../testing/mock-api';
import { renderRoute } from '../../testing/render-route';
import { buildUser } from '../../testing/users';
import { SendConfirmationPage } from './send-confirmation-page';

const PATH = '/dashboard/user/me/confirm-email';

describe('<SendConfirmationPage>', { timeout: 20_000 }, () => {
  it('is disabled for a confirmed address', () => {
    renderRoute(<SendConfirmationPage />, { path: PATH, me: buildUser({ isConfirmed: true }) });
    expect(screen.getByRole('button', { name: 'Send confirmation e-mail' })).toBeDisabled();
  });

  it('sends once, then stays disabled and says so', async () => {
    const { user, callsTo } = renderRoute(<SendConfirmationPage />, {
      path: PATH,
      me: buildUser({ isConfirmed: false }),
      api: {
        authEmailsStartConfirmation: { status: 202, body: { message: 'We have sent you an e-mail with a confirmation link' } },
      },
    });
    const button = screen.getByRole('button', { name: 'Send confirmation e-mail' });
    expect(button).toBeEnabled();
    await user.click(button);

    expect(await screen.findByText('We have sent you an e-mail with a confirmation link')).toBeInTheDocument();
    expect(button).toBeDisabled();
    expect(callsTo('authEmailsStartConfirmation')).toHaveLength(1);
  });

  it("shows the server's message when it refuses (e.g. sent recently)", async () => {
    const message = 'A confirmation e-mail was sent recently. Check your inbox or try again in a few minutes.';
    const { user } = renderRoute(<SendConfirmationPage />, {
      path: PATH,
      me: buildUser({ isConfirmed: false }),
      api: { authEmailsStartConfirmation: apiError(429, 'CONFIRMATION_TOO_SOON', message) },
    });
    await user.click(screen.getByRole('button', { name: 'Send confirmation e-mail' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});
