import { useState } from 'react';

import { getErrorMessage } from '../../../api/client';
import type { TotpSetupDto } from '../../../api/generated/types.gen';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { CopyButton } from '../../../components/ui/copy-button';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast-context';
import { useForm } from '../../../lib/use-form';
import { checkField } from '../../../lib/validation';
import { useConfirmTotp, useRemoveTotp, useStartTotpSetup, useTwoFactorStatus } from '../api/two-factor';
import { SecondFactorProofForm } from './second-factor-proof-form';

export const TOTP_ENABLED = 'Two-factor sign-in is on';
export const TOTP_REMOVED = 'The authenticator app was removed';

/** Scan, then confirm with the app's first code. */
function SetupForm({ setup, onDone }: { setup: TotpSetupDto; onDone: (codes: string[]) => void }) {
  const confirm = useConfirmTotp();
  const form = useForm({ code: '' }, (values) => ({ code: checkField(values.code) }));
  const onSubmit = form.handleSubmit((values) => {
    confirm.mutate(values.code.trim(), { onSuccess: (data) => onDone(data.recoveryCodes) });
  });
  return (
    <div className="two-factor-setup">
      <img className="two-factor-qr" src={setup.qrCode} alt="QR code for your authenticator app" width={180} height={180} />
      <div className="two-factor-setup-text">
        <p>Scan the code with an authenticator app (for example Google Authenticator, 1Password or Aegis), or type this key:</p>
        <p className="two-factor-secret">
          <code data-testid="totp-secret">{setup.secret}</code> <CopyButton text={setup.secret} label="Copy key" />
        </p>
        <form className="account-form" onSubmit={onSubmit} noValidate>
          {confirm.isError && <Alert variant="danger">{getErrorMessage(confirm.error)}</Alert>}
          <TextField label="Code from the app" inputMode="numeric" autoComplete="one-time-code" {...form.field('code')} />
          <div className="account-form-actions">
            <Button type="submit" isLoading={confirm.isPending}>
              Turn on
            </Button>
          </div>
        </form>
      </div>
    </div>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="account-form">
      <Alert variant="warning">Keep these recovery codes somewhere safe. Each one signs you in once if you lose your phone. They are shown only now.</Alert>
      <ul className="two-factor-codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="account-form-actions">
        <CopyButton text={codes.join('\n')} label="Copy codes" />
        <Button onClick={onDone}>I have saved them</Button>
      </div>
    </div>
  );
}

function RemoveForm({ onCancel }: { onCancel: () => void }) {
  const remove = useRemoveTotp();
  const toast = useToast();
  return (
    <SecondFactorProofForm
      submitLabel="Remove authenticator app"
      hint="A code from your authenticator app, or your account password."
      error={remove.isError && <Alert variant="danger">{getErrorMessage(remove.error)}</Alert>}
      isPending={remove.isPending}
      onProof={(proof) => remove.mutate(proof, { onSuccess: () => toast.success(TOTP_REMOVED) })}
      onCancel={onCancel}
    />
  );
}

/** Security page: the authenticator app (TOTP) that guards sign-in, with its recovery codes. */
export function TwoFactorCard({ isDemo }: { isDemo: boolean }) {
  const status = useTwoFactorStatus();
  const start = useStartTotpSetup();
  const toast = useToast();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [removing, setRemoving] = useState(false);
  const enabled = status.data?.totpEnabled ?? false;

  let body;
  if (recoveryCodes) {
    body = <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  } else if (enabled && removing) {
    body = <RemoveForm onCancel={() => setRemoving(false)} />;
  } else if (!enabled && start.data) {
    body = (
      <SetupForm
        setup={start.data}
        onDone={(codes) => {
          start.reset();
          setRecoveryCodes(codes);
          toast.success(TOTP_ENABLED);
        }}
      />
    );
  } else {
    body = (
      <div className="account-row">
        <div className="account-row-text">
          <p className="account-row-title">
            Authenticator app <Badge variant={enabled ? 'success' : 'neutral'}>{enabled ? 'On' : 'Off'}</Badge>
          </p>
          <p className="account-row-value">
            {enabled
              ? `Sign-in asks for a code from your app after the password. ${status.data?.recoveryCodesLeft ?? 0} recovery codes left.`
              : 'Ask for a code from an authenticator app after the password.'}
          </p>
          {start.isError && <Alert variant="danger">{getErrorMessage(start.error)}</Alert>}
        </div>
        {enabled ? (
          <Button variant="outline" onClick={() => setRemoving(true)}>
            Remove
          </Button>
        ) : (
          !isDemo && (
            <Button variant="outline" isLoading={start.isPending} disabled={status.isPending} onClick={() => start.mutate()}>
              Set up
            </Button>
          )
        )}
      </div>
    );
  }
  return (
    <Card title="Two-factor sign-in" id="two-factor">
      {body}
    </Card>
  );
}
