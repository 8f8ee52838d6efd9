import { useId } from 'react';

import type { DecisionLabelDto } from '../../../api/generated/types.gen';
import type { CorrectableField } from '../api/decide-applicant';
import { CORRECTABLE_FIELDS } from '../lib/decisions';
import { fieldLabel } from '../lib/identity-fields';
import { SelectField } from './select-field';

/** The label of a rejection, hold or resubmission request, with what the end user and the webhook get. */
export function LabelChoice({
  labels,
  value,
  error,
  loading,
  chosen,
  onChange,
}: {
  labels: DecisionLabelDto[];
  value: string;
  error?: string;
  loading: boolean;
  chosen: DecisionLabelDto | undefined;
  onChange: (value: string) => void;
}) {
  const hintId = useId();
  return (
    <div>
      <SelectField
        label="Label"
        placeholder={loading ? 'Loading labels…' : 'Choose a label'}
        options={labels.map((label) => ({ value: label.id, label: label.title }))}
        value={value}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={hintId}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={hintId} className={error ? 'text-field-error' : 'text-field-hint'}>
        {error ??
          (chosen
            ? `The end user reads: “${chosen.endUserText}” Your webhook gets the code ${chosen.code}.`
            : 'Its code goes to your webhook; its text to the end user.')}
      </p>
    </div>
  );
}

/** A personal-data resubmission's fields to correct: the end user's form comes back filled in with them marked. */
export function FieldsToCorrect({ value, onChange }: { value: readonly CorrectableField[]; onChange: (fields: CorrectableField[]) => void }) {
  return (
    <fieldset className="decision-fields">
      <legend>Fields to correct (optional): the end user's form comes back filled in with them marked</legend>
      {CORRECTABLE_FIELDS.map((field) => (
        <label key={field} className="decision-checkbox">
          <input
            type="checkbox"
            checked={value.includes(field)}
            onChange={(event) => onChange(event.target.checked ? [...value, field] : value.filter((name) => name !== field))}
          />
          {fieldLabel(field)}
        </label>
      ))}
    </fieldset>
  );
}
