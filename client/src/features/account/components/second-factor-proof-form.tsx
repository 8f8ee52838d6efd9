import type { ReactNode } from 'react';

import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useForm } from '../../../lib/use-form';
import { checkField } from '../../../lib/validation';

/** Six digits are an authenticator code; anything else is the password. */
export type SecondFactorProof = { code: string } | { password: string };

/**
 * Removing a second factor: the account proves itself with a current authenticator code
 * or its password, in one field. Shared by the authenticator-app and passkey cards.
 */
export function SecondFactorProofForm({
  submitLabel,
  hint,
  error,
  isPending,
  onProof,
  onCancel,
  ariaLabel,
}: {
  submitLabel: string;
  hint: string;
  error: ReactNode;
  isPending: boolean;
  onProof: (proof: SecondFactorProof) => void;
  onCancel: () => void;
  ariaLabel?: string;
}) {
  const form = useForm({ proof: '' }, (values) => ({ proof: checkField(values.proof) }));
  const onSubmit = form.handleSubmit(({ proof }) => {
    const value = proof.trim();
    onProof(/^\d{6}$/.test(value.replace(/\s/g, '')) ? { code: value } : { password: proof });
  });
  return (
    <form className="account-form" onSubmit={onSubmit} noValidate aria-label={ariaLabel}>
      {error}
      <TextField label="Current code or password" type="password" autoComplete="current-password" hint={hint} {...form.field('proof')} />
      <div className="account-form-actions">
        <Button type="submit" variant="danger" isLoading={isPending}>
          {submitLabel}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
