import { useState } from 'react';

import { getErrorMessage } from '../../../../api/client';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { documentTypeInfo } from '../../model/document-types';
import { PERSONAL_FIELDS, PERSONAL_LABELS, SEX_LABELS } from '../../model/personal-data';
import type { PhotoSlot, StepId, WidgetState } from '../../model/widget-steps';
import { CheckIcon } from './icons';
import { StepActions, StepHeader } from './step-layout';

import './review-step.css';

const PHOTO_CAPTIONS: Record<PhotoSlot, string> = { front: 'Front', back: 'Back', selfie: 'Selfie', turned: 'Turned selfie' };
/** The step that retakes a photo: the turned selfie is part of the selfie step. */
const PHOTO_STEPS: Record<PhotoSlot, StepId> = { front: 'front', back: 'back', selfie: 'selfie', turned: 'selfie' };

function formatDate(value: string): string {
  const [year, month, day] = value.split('-').map(Number);
  if (!year || !month || !day) return value;
  return new Date(Date.UTC(year, month - 1, day)).toLocaleDateString(undefined, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

function EditLink({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className="kyc-edit-link" onClick={onClick}>
      Edit<span className="visually-hidden"> {label}</span>
    </button>
  );
}

/** Everything at a glance, each part with a way back to change it; then Submit. */
export function ReviewStep({
  state,
  organizationName,
  onEdit,
  onSubmit,
  onBack,
}: {
  state: WidgetState;
  organizationName: string;
  onEdit: (step: StepId) => void;
  onSubmit: () => Promise<unknown>;
  onBack?: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const info = documentTypeInfo(state.documentType);
  const redo = state.redo ?? null;
  // A resubmission shows only the step redone: the rest is kept from the earlier submission.
  const slots: PhotoSlot[] = [...(info?.sides ?? []), 'selfie', 'turned'].filter(
    (slot) => redo === null || PHOTO_STEPS[slot as PhotoSlot] === redo,
  ) as PhotoSlot[];
  const showsPhotos = slots.length > 0;
  const showsPersonal = redo === null || redo === 'personal';

  const submit = async () => {
    setError(null);
    setIsSubmitting(true);
    try {
      await onSubmit();
    } catch (problem) {
      setError(getErrorMessage(problem));
      setIsSubmitting(false);
    }
  };

  return (
    <>
      <StepHeader
        title="Review and submit"
        description={
          redo === null
            ? 'Check that everything is correct before you send it.'
            : 'Check what you redid before you send it. Everything else from your earlier submission is kept.'
        }
      />

      {showsPhotos && (
        <section className="kyc-review-section" aria-labelledby="kyc-review-document">
          <div className="kyc-review-heading">
            <h3 id="kyc-review-document">{redo === 'selfie' ? 'Selfie' : 'Document'}</h3>
            {redo === null && <EditLink label="document type" onClick={() => onEdit('document')} />}
          </div>
          {redo !== 'selfie' && <p className="kyc-review-document">{info?.label ?? 'Not chosen'}</p>}
          <ul className="kyc-review-photos">
            {slots.map((slot) => {
              const photo = state.photos[slot];
              return (
                <li key={slot} className="kyc-review-photo">
                  <div className="kyc-review-thumb">
                    {photo?.preview ? (
                      <img src={photo.preview} alt={`${PHOTO_CAPTIONS[slot]} photo`} />
                    ) : (
                      <span className="kyc-review-thumb-placeholder">
                        <CheckIcon />
                        Uploaded
                      </span>
                    )}
                  </div>
                  <div className="kyc-review-photo-caption">
                    <span>{PHOTO_CAPTIONS[slot]}</span>
                    <EditLink label={`${PHOTO_CAPTIONS[slot].toLowerCase()} photo`} onClick={() => onEdit(PHOTO_STEPS[slot])} />
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      )}

      {showsPersonal && (
        <section className="kyc-review-section" aria-labelledby="kyc-review-details">
          <div className="kyc-review-heading">
            <h3 id="kyc-review-details">Personal details</h3>
            <EditLink label="personal details" onClick={() => onEdit('personal')} />
          </div>
          <dl className="kyc-review-data">
            {PERSONAL_FIELDS.map((field) => {
              const raw = state.personal[field];
              const value =
                raw === '' ? null : field === 'sex' ? (SEX_LABELS[raw] ?? raw) : field.endsWith('Date') || field === 'dateOfBirth' ? formatDate(raw) : raw;
              return (
                <div key={field} className="kyc-review-row">
                  <dt>{PERSONAL_LABELS[field]}</dt>
                  <dd className={value === null ? 'kyc-review-empty' : undefined}>{value ?? 'not provided'}</dd>
                </div>
              );
            })}
          </dl>
        </section>
      )}

      {error && (
        <Alert variant="danger" className="kyc-step-alert">
          {error}
        </Alert>
      )}
      <p className="kyc-consent">
        By submitting, you confirm that the information is accurate and agree that {organizationName} verifies your identity with it.
      </p>
      <StepActions onBack={onBack}>
        <Button size="large" onClick={() => void submit()} isLoading={isSubmitting}>
          Submit verification
        </Button>
      </StepActions>
    </>
  );
}
