import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { PasskeyDto } from '../../../api/generated/types.gen';
import { apiError } from '../../../testing/mock-api';
import { renderRoute } from '../../../testing/render-route';
import { PasskeysCard } from './passkeys-card';

const LAPTOP: PasskeyDto = { id: 'p1', name: 'Work laptop', backedUp: true, createdAt: '2026-11-20T10:00:00Z', lastUsedAt: null };

describe('<PasskeysCard>', { timeout: 20_000 }, () => {
  it('lists the passkeys with their creation and last use, and removes one with the password', async () => {
    let list = [LAPTOP];
    const { user, callsTo } = renderRoute(<PasskeysCard isDemo={false} />, {
      path: '/dashboard/user/me/security',
      api: {
        passkeysList: () => ({ body: list }),
        passkeysRemove: () => {
          list = [];
          return { status: 204 };
        },
      },
    });
    const passkeys = await screen.findByRole('list', { name: 'Your passkeys' });
    expect(passkeys).toHaveTextContent('Work laptop');
    expect(passkeys).toHaveTextContent('Synced');
    expect(passkeys).toHaveTextContent('never used');

    await user.click(screen.getByRole('button', { name: 'Remove Work laptop' }));
    await user.click(screen.getByRole('button', { name: 'Remove passkey' }));
    expect(screen.getByText('This field is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Current code or password'), 'my password');
    await user.click(screen.getByRole('button', { name: 'Remove passkey' }));

    expect(await screen.findByText('Passkey removed')).toBeInTheDocument();
    expect(callsTo('passkeysRemove')[0].body).toEqual({ password: 'my password' });
    expect(await screen.findByText('No passkeys yet.')).toBeInTheDocument();
  });

  it("shows the server's refusal of a wrong password and offers no 'Add a passkey' to a demo account", async () => {
    const { user } = renderRoute(<PasskeysCard isDemo />, {
      path: '/dashboard/user/me/security',
      api: {
        passkeysList: () => ({ body: [LAPTOP] }),
        passkeysRemove: apiError(400, 'WRONG_PASSWORD', 'The password is not correct'),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Remove Work laptop' }));
    await user.type(screen.getByLabelText('Current code or password'), 'not my password');
    await user.click(screen.getByRole('button', { name: 'Remove passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The password is not correct');
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).not.toBeInTheDocument();
  });
});
