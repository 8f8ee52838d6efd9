import { useMutation } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { getErrorMessage } from '../../../api/client';
import { apiKeysRegenerate } from '../../../api/sdk';
import { apiError } from '../../../testing/mock-api';
import { renderRoute } from '../../../testing/render-route';

const REQUIRED = apiError(403, 'REAUTHENTICATION_REQUIRED', 'Confirm it is you: enter your password or a code from your authenticator app again');

/** Any destructive call of the app, here regenerating the API key. */
function Regenerate() {
  const regenerate = useMutation({ mutationFn: async () => (await apiKeysRegenerate()).data });
  return (
    <>
      <button type="button" onClick={() => regenerate.mutate()}>
        Regenerate
      </button>
      {regenerate.isSuccess && <p>New key {regenerate.data.apiKey}</p>}
      {regenerate.isError && <p>Failed: {getErrorMessage(regenerate.error)}</p>}
    </>
  );
}

describe('<ReauthenticationDialog>', { timeout: 20_000 }, () => {
  it('asks for the password when the server wants a recent sign-in, then sends the same request again', async () => {
    let confirmed = false;
    const { callsTo } = renderRoute(<Regenerate />, {
      path: '/dashboard',
      api: {
        apiKeysRegenerate: () => (confirmed ? { body: { apiKey: 'kyc_sk_new' } } : REQUIRED),
        authReauthenticate: ({ body }) => {
          if (body?.password !== 'right') return apiError(400, 'WRONG_PASSWORD', 'The password you entered is not correct');
          confirmed = true;
          return { status: 204 };
        },
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The password you entered is not correct')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Password'));
    await userEvent.type(screen.getByLabelText('Password'), 'right');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('New key kyc_sk_new')).toBeInTheDocument();
    expect(dialog).not.toBeInTheDocument();
    expect(callsTo('apiKeysRegenerate')).toHaveLength(2);
  });

  it('takes an authenticator code instead', async () => {
    let confirmed = false;
    const { callsTo } = renderRoute(<Regenerate />, {
      path: '/dashboard',
      api: {
        apiKeysRegenerate: () => (confirmed ? { body: { apiKey: 'kyc_sk_new' } } : REQUIRED),
        authReauthenticate: () => {
          confirmed = true;
          return { status: 204 };
        },
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Use a code from my authenticator app instead' }));
    await userEvent.type(screen.getByLabelText('Code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('New key kyc_sk_new')).toBeInTheDocument();
    expect(callsTo('authReauthenticate').map((call) => call.body)).toEqual([{ code: '123456' }]);
  });

  it('passes the refusal on when cancelled', async () => {
    const { callsTo } = renderRoute(<Regenerate />, { path: '/dashboard', api: { apiKeysRegenerate: REQUIRED } });
    await userEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText(/^Failed: Confirm it is you/)).toBeInTheDocument();
    await waitFor(() => expect(callsTo('apiKeysRegenerate')).toHaveLength(1));
    expect(callsTo('authReauthenticate')).toHaveLength(0);
  });
});
