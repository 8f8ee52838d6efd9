import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { apiError } from '../../testing/mock-api';
import { renderRoute } from '../../testing/render-route';
import { PasswordResetPage } from './password-reset-page';

describe('<PasswordResetPage>', { timeout: 20_000 }, () => {
  describe('without a link: the request form', () => {
    it('sends the address as a query parameter and then says the link was sent', async () => {
      const { user, callsTo } = renderRoute(<PasswordResetPage />, {
        path: '/password-reset',
        me: null,
        api: { authEmailsStartPasswordReset: { status: 202, body: { message: 'sent' } } },
      });
      expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/login');

      await user.click(screen.getByRole('button', { name: 'Send reset link' }));
      expect(screen.getByText('This field is required')).toBeInTheDocument();
      await user.type(screen.getByLabelText('E-mail'), 'jane@example');
      expect(screen.getByText('This field is invalid')).toBeInTheDocument();
      await user.type(screen.getByLabelText('E-mail'), '.com');
      await user.click(screen.getByRole('button', { name: 'Send reset link' }));

      expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeInTheDocument();
      expect(screen.getByText('jane@example.com')).toBeInTheDocument();
      const [call] = callsTo('authEmailsStartPasswordReset');
      expect(call.query).toEqual({ email: 'jane@example.com' });
      expect(new URL(call.url).search).toBe('?email=jane%40example.com');
      expect(call.body).toBeUndefined();
    });
  });

  describe('with ?user&token: the new-password form', () => {
    const path = '/password-reset?user=u-1&token=t-1';

    it('wants 4 to 32 characters and a matching confirmation', async () => {
      const { user, callsTo } = renderRoute(<PasswordResetPage />, { path, me: null });
      await user.click(screen.getByRole('button', { name: 'Change password' }));
      expect(screen.getAllByText('This field is required')).toHaveLength(2);

      await user.type(screen.getByLabelText('New password'), 'abc');
      await user.type(screen.getByLabelText('Confirm new password'), 'abcd');
      expect(screen.getByText('This field is invalid')).toBeInTheDocument();
      expect(screen.getByText('Your passwords confirmation does not match')).toBeInTheDocument();

      await user.clear(screen.getByLabelText('New password'));
      await user.type(screen.getByLabelText('New password'), 'x'.repeat(33));
      expect(screen.getByText('This field is invalid')).toBeInTheDocument();
      expect(callsTo('authEmailsResetPassword')).toHaveLength(0);
    });

    it('sets the password, toasts and goes to /login', async () => {
      const { user, router, callsTo } = renderRoute(<PasswordResetPage />, {
        path,
        me: null,
        api: { authEmailsResetPassword: { body: { message: 'ok' } } },
      });
      await user.type(screen.getByLabelText('New password'), 'brand-new');
      await user.type(screen.getByLabelText('Confirm new password'), 'brand-new');
      await user.click(screen.getByRole('button', { name: 'Change password' }));

      expect(await screen.findByText('Your password have been changed, you can login now')).toBeInTheDocument();
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      expect(callsTo('authEmailsResetPassword')[0].body).toEqual({
        user: 'u-1',
        token: 't-1',
        password: 'brand-new',
      });
    });

    it("shows the server's message for a used or expired link", async () => {
      const message = 'This link is invalid, has expired or was already used. Request a new one.';
      const { user } = renderRoute(<PasswordResetPage />, {
        path,
        me: null,
        api: { authEmailsResetPassword: apiError(400, 'LINK_INVALID', message) },
      });
      await user.type(screen.getByLabelText('New password'), 'brand-new');
      await user.type(screen.getByLabelText('Confirm new password'), 'brand-new');
      await user.click(screen.getByRole('button', { name: 'Change password' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
    });
  });
});
