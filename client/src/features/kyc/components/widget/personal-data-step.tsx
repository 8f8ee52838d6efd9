import { useState, type FormEvent, type ReactNode } from 'react';

import { getErrorMessage } from '../../../../api/client';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import {
  isRequired,
  PERSONAL_FIELDS,
  PERSONAL_LABELS,
  SEX_LABELS,
  todayIso,
  validatePersonalData,
  type PersonalDataErrors,
  type PersonalDataValues,
  type PersonalField,
} from '../../model/personal-data';
import { StepActions, StepHeader } from './step-layout';

import './personal-data-step.css';

const AUTOCOMPLETE: Partial<Record<PersonalField, string>> = {
  name: 'name',
  dateOfBirth: 'bday',
  sex: 'sex',
  country: 'country-name',
  address: 'street-address',
};

/**
 * The identity data, typed as it appears on the document. The values live in the
 * widget's state (they survive going back, a token renewal and a failed save); they
 * reach the server on Continue.
 */
export function PersonalDataStep({
  values,
  prefilled = [],
  toCorrect = [],
  documentNoun,
  onChange,
  onSave,
  onBack,
}: {
  values: PersonalDataValues;
  /** Fields filled in from the document photo. */
  prefilled?: readonly PersonalField[];
  /** After a resubmission request: the fields the reviewer asked to correct, marked. */
  toCorrect?: readonly string[];
  documentNoun: string;
  onChange: (values: PersonalDataValues) => void;
  onSave: (values: PersonalDataValues) => Promise<unknown>;
  onBack?: () => void;
}) {
  const [errors, setErrors] = useState<PersonalDataErrors>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const today = todayIso();

  const set = (field: PersonalField, value: string) => {
    onChange({ ...values, [field]: value });
    if (errors[field]) setErrors({ ...errors, [field]: undefined });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validatePersonalData(values);
    setErrors(found);
    const first = PERSONAL_FIELDS.find((field) => found[field]);
    if (first) {
      document.getElementById(`kyc-${first}`)?.focus();
      return;
    }
    setSaveError(null);
    setIsSaving(true);
    try {
      await onSave(values);
    } catch (problem) {
      setSaveError(getErrorMessage(problem));
      setIsSaving(false);
    }
  };

  const field = (name: PersonalField, control: (props: ControlProps) => ReactNode, wide = false) => (
    <Field name={name} error={errors[name]} wide={wide} toCorrect={toCorrect.includes(name)}>
      {control({
        id: `kyc-${name}`,
        name,
        value: values[name],
        required: isRequired(name),
        'aria-invalid': errors[name] ? true : undefined,
        'aria-describedby': errors[name] ? `kyc-${name}-error` : toCorrect.includes(name) ? `kyc-${name}-correct` : undefined,
        onChange: (event: { target: { value: string } }) => set(name, event.target.value),
        autoComplete: AUTOCOMPLETE[name] ?? 'off',
        className: 'kyc-input',
      })}
    </Field>
  );

  return (
    <>
      <StepHeader title="Your personal details" description={`Enter your details exactly as they appear on your ${documentNoun}.`} />
      <form className="kyc-form" noValidate onSubmit={(event) => void submit(event)}>
        {saveError && (
          <Alert variant="danger" className="kyc-step-alert">
            {saveError}
          </Alert>
        )}
        {prefilled.length > 0 && (
          <Alert variant="info" className="kyc-step-alert">
            We filled in {prefilled.map((name) => PERSONAL_LABELS[name].toLowerCase()).join(', ')} from your {documentNoun}. Check them against the{' '}
            {documentNoun} and correct anything that is wrong.
          </Alert>
        )}
        <div className="kyc-form-grid">
          {field(
            'name',
            (props) => (
              <input type="text" {...props} />
            ),
            true,
          )}
          {field('dateOfBirth', (props) => (
            <input type="date" max={today} {...props} />
          ))}
          {field('sex', (props) => (
            <select {...props}>
              <option value="">Select...</option>
              {Object.entries(SEX_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          ))}
          {field(
            'placeOfBirth',
            (props) => (
              <input type="text" {...props} />
            ),
            true,
          )}
          {field('docNumber', (props) => (
            <input type="text" spellCheck={false} {...props} />
          ))}
          {field('country', (props) => (
            <input type="text" {...props} />
          ))}
          {field('issuanceDate', (props) => (
            <input type="date" max={today} {...props} />
          ))}
          {field('expiryDate', (props) => (
            <input type="date" {...props} />
          ))}
          {field(
            'address',
            (props) => (
              <input type="text" {...props} />
            ),
            true,
          )}
        </div>
        <StepActions onBack={onBack}>
          <Button type="submit" size="large" isLoading={isSaving}>
            Continue
          </Button>
        </StepActions>
      </form>
    </>
  );
}

interface ControlProps {
  id: string;
  name: string;
  value: string;
  required: boolean;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  onChange: (event: { target: { value: string } }) => void;
  autoComplete: string;
  className: string;
}

function Field({
  name,
  error,
  wide,
  toCorrect,
  children,
}: {
  name: PersonalField;
  error: string | undefined;
  wide: boolean;
  toCorrect: boolean;
  children: ReactNode;
}) {
  return (
    <div className={['kyc-field', wide && 'kyc-field-wide', toCorrect && 'kyc-field-correct'].filter(Boolean).join(' ')}>
      <label htmlFor={`kyc-${name}`} className="kyc-label">
        {PERSONAL_LABELS[name]}
        {!isRequired(name) && <span className="kyc-optional"> (optional)</span>}
      </label>
      {children}
      {toCorrect && !error && (
        <p id={`kyc-${name}-correct`} className="kyc-field-correct-note">
          Please check and correct this.
        </p>
      )}
      {error && (
        <p id={`kyc-${name}-error`} className="kyc-field-error">
          {error}
        </p>
      )}
    </div>
  );
}
