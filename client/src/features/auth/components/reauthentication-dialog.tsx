import { useEffect, useRef, useState } from 'react';

import { getErrorMessage } from '../../../api/client';
import { setReauthenticationPrompt } from '../../../api/reauthentication';
import { authReauthenticate } from '../../../api/sdk';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';

import './auth-forms.css';

type Proof = 'password' | 'code';

/**
 * "Confirm it's you": registered as the API client's re-authentication prompt, so any
 * destructive or credential-changing call the server refuses with
 * REAUTHENTICATION_REQUIRED asks for the password (or an authenticator code) here and is
 * then sent again. Mounted once, with the app's providers.
 */
export function ReauthenticationDialog() {
  const [open, setOpen] = useState(false);
  const [proof, setProof] = useState<Proof>('password');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const settle = useRef<((confirmed: boolean) => void) | undefined>(undefined);

  useEffect(
    () =>
      setReauthenticationPrompt(
        () =>
          new Promise<boolean>((resolve) => {
            settle.current = resolve;
            setValue('');
            setError(undefined);
            setOpen(true);
          }),
      ),
    [],
  );

  const finish = (confirmed: boolean) => {
    setOpen(false);
    settle.current?.(confirmed);
    settle.current = undefined;
  };

  const confirm = async () => {
    if (value.trim() === '') {
      setError(proof === 'password' ? 'Enter your password' : 'Enter a code');
      return;
    }
    setBusy(true);
    try {
      await authReauthenticate({ body: proof === 'password' ? { password: value } : { code: value.trim() } });
      finish(true);
    } catch (failure) {
      setError(getErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      onClose={() => finish(false)}
      title="Confirm it's you"
      size="small"
      footer={
        <>
          <Button variant="outline" onClick={() => finish(false)} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form="reauthentication-form" isLoading={busy}>
            Confirm
          </Button>
        </>
      }
    >
      <form
        id="reauthentication-form"
        className="auth-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void confirm();
        }}
      >
        <p>This change needs a recent sign-in. {proof === 'password' ? 'Enter your password' : 'Enter a code from your authenticator app'} to go on.</p>
        {error && <Alert variant="danger">{error}</Alert>}
        {proof === 'password' ? (
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            autoFocus
            hint="Signed in through a single sign-on provider without a password? Sign out and sign in again instead."
            value={value}
            onChange={(event) => setValue(event.target.value)}
          />
        ) : (
          <TextField label="Code" inputMode="numeric" autoComplete="one-time-code" autoFocus value={value} onChange={(event) => setValue(event.target.value)} />
        )}
        <button
          type="button"
          className="auth-form-link-button"
          onClick={() => {
            setProof(proof === 'password' ? 'code' : 'password');
            setValue('');
            setError(undefined);
          }}
        >
          {proof === 'password' ? 'Use a code from my authenticator app instead' : 'Use my password instead'}
        </button>
      </form>
    </Modal>
  );
}
