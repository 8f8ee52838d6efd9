import { useState, type FormEvent } from 'react';

import { getErrorMessage } from '../../../api/client';
import type { ReviewSettingsDetailsDto } from '../../../api/generated/types.gen';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast-context';
import { useSaveReviewSettings } from '../api/review-settings';

/** The longest SLA the server takes: a year. */
const MAX_HOURS = 8760;

/** The hours an applicant may wait for a decision (empty: no SLA); past them the work queue marks it. */
export function SlaForm({ organizationId, settings, canChange }: { organizationId: string; settings: ReviewSettingsDetailsDto; canChange: boolean }) {
  const toast = useToast();
  const save = useSaveReviewSettings(organizationId);
  const current = settings.slaHours === null ? '' : String(settings.slaHours);
  const [value, setValue] = useState(current);
  const trimmed = value.trim();
  const hours = trimmed === '' ? null : Number(trimmed);
  const invalid = hours !== null && (!Number.isInteger(hours) || hours < 1 || hours > MAX_HOURS);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (invalid) return;
    save.mutate({ fourEyes: settings.fourEyes, slaHours: hours }, { onSuccess: () => toast.success('Review settings saved') });
  };
  return (
    <form onSubmit={onSubmit} className="review-settings-form" noValidate>
      {save.isError && <Alert variant="danger">{getErrorMessage(save.error)}</Alert>}
      <TextField
        label="Hours to a decision"
        className="review-settings-sla"
        inputMode="numeric"
        value={value}
        disabled={!canChange}
        onChange={(event) => setValue(event.target.value)}
        error={invalid ? `A whole number of hours from 1 to ${MAX_HOURS}, or empty for no SLA` : undefined}
        hint="Counted from submission. Empty: no SLA."
      />
      {canChange && (
        <div>
          <Button type="submit" isLoading={save.isPending} disabled={invalid || trimmed === current}>
            Save
          </Button>
        </div>
      )}
    </form>
  );
}
