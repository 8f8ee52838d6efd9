import { useState } from 'react';

import type { PasskeyDto } from '../../../api/generated/types.gen';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast-context';
import { passkeyErrorMessage } from '../../../lib/passkey-error';
import { formatDateTime, formatRelativeTime } from '../../../lib/relative-time';
import { useForm } from '../../../lib/use-form';
import { checkField } from '../../../lib/validation';
import { useAddPasskey, usePasskeys, useRemovePasskey } from '../api/passkeys';
import { SecondFactorProofForm } from './second-factor-proof-form';

export const PASSKEY_ADDED = 'Passkey added';
export const PASSKEY_REMOVED = 'Passkey removed';

function AddForm({ onDone }: { onDone: () => void }) {
  const add = useAddPasskey();
  const toast = useToast();
  const form = useForm({ name: '' }, (values) => ({ name: checkField(values.name) }));
  const onSubmit = form.handleSubmit(({ name }) => {
    add.mutate(name.trim(), {
      onSuccess: () => {
        toast.success(PASSKEY_ADDED);
        onDone();
      },
    });
  });
  return (
    <form className="account-form" onSubmit={onSubmit} noValidate>
      {add.isError && <Alert variant="danger">{passkeyErrorMessage(add.error)}</Alert>}
      <TextField label="Passkey name" hint="For example the device or password manager that keeps it." maxLength={64} autoFocus {...form.field('name')} />
      <div className="account-form-actions">
        <Button type="submit" isLoading={add.isPending}>
          Create passkey
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function RemoveForm({ passkey, onCancel }: { passkey: PasskeyDto; onCancel: () => void }) {
  const remove = useRemovePasskey();
  const toast = useToast();
  return (
    <SecondFactorProofForm
      ariaLabel={`Remove ${passkey.name}`}
      submitLabel="Remove passkey"
      hint="Your account password, or a code from your authenticator app."
      error={remove.isError && <Alert variant="danger">{passkeyErrorMessage(remove.error)}</Alert>}
      isPending={remove.isPending}
      onProof={(proof) => remove.mutate({ id: passkey.id, proof }, { onSuccess: () => toast.success(PASSKEY_REMOVED) })}
      onCancel={onCancel}
    />
  );
}

/** Security page: the account's passkeys (sign in without a password, or as the second step after it). */
export function PasskeysCard({ isDemo }: { isDemo: boolean }) {
  const passkeys = usePasskeys();
  const [adding, setAdding] = useState(false);
  const [removingId, setRemovingId] = useState<string | null>(null);
  const list = passkeys.data ?? [];

  return (
    <Card
      title="Passkeys"
      id="passkeys"
      description="Sign in with your fingerprint, face or device PIN instead of a password. A passkey also counts as the second step after the password."
      footer={
        !isDemo &&
        !adding && (
          <Button variant="outline" onClick={() => setAdding(true)}>
            Add a passkey
          </Button>
        )
      }
    >
      {passkeys.isError && <Alert variant="danger">{passkeyErrorMessage(passkeys.error)}</Alert>}
      {adding && <AddForm onDone={() => setAdding(false)} />}
      {list.length === 0 && !adding && <p className="account-muted">No passkeys yet.</p>}
      {list.length > 0 && (
        <ul className="account-sessions" aria-label="Your passkeys">
          {list.map((passkey) => (
            <li key={passkey.id}>
              <div className="account-row">
                <div className="account-row-text">
                  <p className="account-row-title">
                    {passkey.name} {passkey.backedUp && <Badge variant="neutral">Synced</Badge>}
                  </p>
                  <p className="account-row-value">
                    Created <time dateTime={passkey.createdAt}>{formatDateTime(passkey.createdAt)}</time> ·{' '}
                    {passkey.lastUsedAt ? (
                      <>
                        last used <time dateTime={passkey.lastUsedAt}>{formatRelativeTime(passkey.lastUsedAt)}</time>
                      </>
                    ) : (
                      'never used'
                    )}
                  </p>
                </div>
                {removingId !== passkey.id && (
                  <Button variant="outline" aria-label={`Remove ${passkey.name}`} onClick={() => setRemovingId(passkey.id)}>
                    Remove
                  </Button>
                )}
              </div>
              {removingId === passkey.id && <RemoveForm passkey={passkey} onCancel={() => setRemovingId(null)} />}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
