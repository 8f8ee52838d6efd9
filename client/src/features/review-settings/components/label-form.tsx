import { useId, useState, type FormEvent } from 'react';

import { getErrorMessage } from '../../../api/client';
import type { DecisionLabelDto, DecisionLabelInputDto } from '../../../api/generated/types.gen';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { FIELD_REQUIRED } from '../../../lib/validation';
import { useSaveLabel } from '../api/decision-labels';

import '../../../components/ui/text-field.css';

export const KIND_NAMES: Record<DecisionLabelDto['kind'], string> = { reject: 'Rejection', hold: 'Hold', resubmission: 'Resubmission request' };
const CODE_PATTERN = /^[A-Z][A-Z0-9_]{1,63}$/;

type Errors = Partial<Record<'title' | 'endUserText' | 'code', string>>;

/** What the form sends, or what keeps it from being sent. */
export function labelFromDraft(draft: DecisionLabelInputDto): { body: DecisionLabelInputDto } | { errors: Errors } {
  const body = { ...draft, title: draft.title.trim(), endUserText: draft.endUserText.trim(), code: draft.code.trim() };
  const errors: Errors = {};
  if (!body.title) errors.title = FIELD_REQUIRED;
  if (!body.endUserText) errors.endUserText = FIELD_REQUIRED;
  if (!CODE_PATTERN.test(body.code)) errors.code = 'Capital letters, digits and _, starting with a letter (e.g. DOCUMENT_EXPIRED)';
  return Object.keys(errors).length > 0 ? { errors } : { body };
}

/** Adds a label, or edits one, in a dialog. */
export function LabelForm({ organizationId, label, onClose }: { organizationId: string; label: DecisionLabelDto | null; onClose: () => void }) {
  const id = useId();
  const save = useSaveLabel(organizationId);
  const [draft, setDraft] = useState<DecisionLabelInputDto>(() =>
    label
      ? { kind: label.kind, title: label.title, endUserText: label.endUserText, code: label.code, archived: label.archived }
      : { kind: 'reject', title: '', endUserText: '', code: '' },
  );
  const [errors, setErrors] = useState<Errors>({});
  const set = (changes: Partial<DecisionLabelInputDto>) => setDraft((current) => ({ ...current, ...changes }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = labelFromDraft(draft);
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    save.mutate({ id: label?.id, body: result.body }, { onSuccess: onClose });
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={label ? 'Edit label' : 'Add label'}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={`${id}-form`} isLoading={save.isPending}>
            Save label
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} className="label-form" onSubmit={onSubmit} noValidate>
        {save.isError && <Alert variant="danger">{getErrorMessage(save.error)}</Alert>}
        <div className="text-field">
          <label htmlFor={`${id}-kind`} className="text-field-label">
            Used for
          </label>
          <select
            id={`${id}-kind`}
            className="text-field-input"
            value={draft.kind}
            onChange={(event) => set({ kind: event.target.value as DecisionLabelDto['kind'] })}
          >
            {Object.entries(KIND_NAMES).map(([value, name]) => (
              <option key={value} value={value}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label="Title (shown to your team)"
          value={draft.title}
          maxLength={100}
          error={errors.title}
          onChange={(event) => set({ title: event.target.value })}
        />
        <div className="text-field">
          <label htmlFor={`${id}-text`} className="text-field-label">
            Text for the end user
          </label>
          <textarea
            id={`${id}-text`}
            className="text-field-input label-form-text"
            rows={3}
            maxLength={500}
            value={draft.endUserText}
            aria-invalid={errors.endUserText ? true : undefined}
            aria-describedby={`${id}-text-note`}
            onChange={(event) => set({ endUserText: event.target.value })}
          />
          <p id={`${id}-text-note`} className={errors.endUserText ? 'text-field-error' : 'text-field-hint'}>
            {errors.endUserText ?? 'Shown on the verification page: say what happened and what to do, in plain words.'}
          </p>
        </div>
        <TextField
          label="Code (sent in the webhook)"
          value={draft.code}
          maxLength={64}
          error={errors.code}
          hint="Unique in the organization, e.g. DOCUMENT_EXPIRED."
          onChange={(event) => set({ code: event.target.value.toUpperCase() })}
        />
      </form>
    </Modal>
  );
}
