import { useState, type FormEvent } from 'react';

import { getErrorMessage } from '../../../api/client';
import type { RetentionPolicyDto } from '../../../api/generated/types.gen';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast-context';
import { useApplyRetentionPolicy, useUpdateRetentionPolicy } from '../api/update-retention-policy';

type Field = keyof RetentionPolicyDto;

const YEAR = 365;
const AFTER_DECISION = [30, 90, 180, YEAR, 2 * YEAR, 5 * YEAR, 7 * YEAR, 10 * YEAR];
const ABANDONED = [1, 7, 30, 90, YEAR];

function daysLabel(days: number): string {
  if (days % YEAR === 0) return days === YEAR ? '1 year' : `${days / YEAR} years`;
  return days === 1 ? '1 day' : `${days} days`;
}

const FIELDS: readonly { field: Field; label: string; none: string; choices: number[]; hint: string }[] = [
  {
    field: 'imagesDays',
    label: 'Document photos, selfies and face data',
    none: 'Keep',
    choices: AFTER_DECISION,
    hint: 'Removed this long after an applicant is approved or rejected; the identity data stays.',
  },
  {
    field: 'identityDays',
    label: 'Identity data',
    none: 'Keep',
    choices: AFTER_DECISION,
    hint: 'This long after the decision the applicant is erased, leaving a record of when and why. AML rules often ask for 5 years.',
  },
  {
    field: 'abandonedDays',
    label: 'Verifications never submitted',
    none: 'Server default',
    choices: ABANDONED,
    hint: 'Removed this long after they were started (never before their link expires).',
  },
];

/** The organization's retention policy: three choices, applied hourly (or now, once saved); applicants on legal hold are exempt. */
export function RetentionPolicyForm({ organizationId, policy, canManage }: { organizationId: string; policy: RetentionPolicyDto; canManage: boolean }) {
  const toast = useToast();
  const update = useUpdateRetentionPolicy(organizationId);
  const apply = useApplyRetentionPolicy(organizationId);
  const [values, setValues] = useState<RetentionPolicyDto>(policy);
  const changed = FIELDS.some(({ field }) => values[field] !== policy[field]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(values, { onSuccess: () => toast.success('Retention policy saved') });
  };
  return (
    <form className="org-settings-retention" onSubmit={submit}>
      {FIELDS.map(({ field, label, none, choices, hint }) => {
        const current = values[field];
        // A value saved through the API that the list does not offer is still shown.
        const options = current !== null && !choices.includes(current) ? [...choices, current].sort((a, b) => a - b) : choices;
        return (
          <div className="text-field" key={field}>
            <label className="text-field-label" htmlFor={`retention-${field}`}>
              {label}
            </label>
            <select
              id={`retention-${field}`}
              className="text-field-input"
              value={current ?? ''}
              disabled={!canManage}
              aria-describedby={`retention-${field}-hint`}
              onChange={(event) => setValues({ ...values, [field]: event.target.value === '' ? null : Number(event.target.value) })}
            >
              <option value="">{none}</option>
              {options.map((days) => (
                <option key={days} value={days}>
                  {daysLabel(days)}
                </option>
              ))}
            </select>
            <p className="text-field-hint" id={`retention-${field}-hint`}>
              {hint}
            </p>
          </div>
        );
      })}
      {update.isError && <Alert variant="danger">{getErrorMessage(update.error)}</Alert>}
      {apply.isError && <Alert variant="danger">{getErrorMessage(apply.error)}</Alert>}
      {canManage ? (
        <div className="org-settings-row">
          <Button type="submit" disabled={!changed} isLoading={update.isPending}>
            Save retention policy
          </Button>
          <Button
            variant="outline"
            disabled={changed || !FIELDS.some(({ field }) => field !== 'abandonedDays' && policy[field] !== null)}
            isLoading={apply.isPending}
            onClick={() =>
              apply.mutate(undefined, {
                onSuccess: (run) => toast.success(`Applied: photos removed from ${run.imagesRemoved} applicant(s), ${run.identitiesErased} erased`),
              })
            }
          >
            Apply now
          </Button>
        </div>
      ) : (
        <p className="org-settings-text">Only the owner changes the retention policy.</p>
      )}
    </form>
  );
}
