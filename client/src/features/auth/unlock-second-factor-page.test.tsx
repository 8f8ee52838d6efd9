import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { apiError } from '../../testing/mock-api';
import { renderRoute } from '../../testing/render-route';
import { UnlockSecondFactorPage } from './unlock-second-factor-page';

const LINK = '/unlock-second-factor?user=u-1&token=t-1';
const UNLOCKED = 'Your authenticator app and passkeys work again. Sign in.';

describe('<UnlockSecondFactorPage>', { timeout: 20_000 }, () => {
  it('spends the link only on the button, then offers to sign in', async () => {
    const { callsTo } = renderRoute(<UnlockSecondFactorPage />, {
      path: LINK,
      me: null,
      api: { authEmailsUnlockSecondFactor: ({ body }) => (body?.user === 'u-1' && body?.token === 't-1' ? { body: { message: UNLOCKED } } : undefined) },
    });
    expect(callsTo('authEmailsUnlockSecondFactor')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText(UNLOCKED)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(callsTo('authEmailsUnlockSecondFactor')).toHaveLength(1);
  });

  it("shows a spent link's message", async () => {
    const message = 'This link is invalid, has expired or was already used. Request a new one.';
    renderRoute(<UnlockSecondFactorPage />, { path: LINK, me: null, api: { authEmailsUnlockSecondFactor: apiError(400, 'LINK_INVALID', message) } });
    await userEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('calls nothing when the link is incomplete', () => {
    const { callsTo } = renderRoute(<UnlockSecondFactorPage />, { path: '/unlock-second-factor?user=u-1', me: null });
    expect(screen.getByRole('alert')).toHaveTextContent('This unlock link is incomplete');
    expect(screen.queryByRole('button', { name: 'Unlock' })).not.toBeInTheDocument();
    expect(callsTo('authEmailsUnlockSecondFactor')).toHaveLength(0);
  });
});
