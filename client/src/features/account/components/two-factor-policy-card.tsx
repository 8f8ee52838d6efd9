import { useState } from 'react';

import type { TwoFactorPolicyInputDto } from '../../../api/generated/types.gen';
import { getErrorMessage } from '../../../api/client';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useToast } from '../../../components/ui/toast-context';
import { useSetTwoFactorPolicy, useTwoFactorPolicy } from '../api/two-factor-policy';

type Scope = TwoFactorPolicyInputDto['requiredFor'];

const SCOPES: { value: Scope; label: string }[] = [
  { value: 'off', label: 'Not required (organizations may still require it)' },
  { value: 'admins', label: 'Required for administrators and super-admins' },
  { value: 'everyone', label: 'Required for every account' },
];

export const POLICY_SAVED = 'Two-factor rule saved';

/** Security page, super-admins only: whose sign-in needs a second factor, platform-wide. */
export function TwoFactorPolicyCard() {
  const policy = useTwoFactorPolicy(true);
  const save = useSetTwoFactorPolicy();
  const toast = useToast();
  const [choice, setChoice] = useState<Scope | null>(null);
  const current = choice ?? policy.data?.requiredFor ?? 'off';
  return (
    <Card
      title="Required two-factor sign-in"
      id="two-factor-policy"
      description="Accounts bound by the rule that have no authenticator app or passkey can only set one up after their password."
    >
      <form
        className="account-form"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(current, { onSuccess: () => toast.success(POLICY_SAVED) });
        }}
      >
        {(policy.error ?? save.error) && <Alert variant="danger">{getErrorMessage(policy.error ?? save.error)}</Alert>}
        <fieldset className="account-radio-group">
          <legend className="account-row-title">Platform rule</legend>
          {SCOPES.map((scope) => (
            <label key={scope.value} className="account-radio">
              <input type="radio" name="requiredFor" value={scope.value} checked={current === scope.value} onChange={() => setChoice(scope.value)} />{' '}
              {scope.label}
            </label>
          ))}
        </fieldset>
        <div className="account-form-actions">
          <Button type="submit" isLoading={save.isPending} disabled={policy.isPending}>
            Save rule
          </Button>
        </div>
      </form>
    </Card>
  );
}
