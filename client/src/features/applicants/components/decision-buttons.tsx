import { useId, useState, type FormEvent } from 'react';

import { getErrorMessage } from '../../../api/client';
import type { ApplicantSummaryDto, RejectApplicantDto } from '../../../api/generated/types.gen';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useToast } from '../../../components/ui/toast-context';
import { FIELD_REQUIRED, isBlank } from '../../../lib/validation';
import { useReviewApplicant, type ReviewAction } from '../api/review-applicant';

import '../../../components/ui/text-field.css';
import './decision-buttons.css';

const REASON_MAX_LENGTH = 1000;

type Dialog = 'reject' | 'hold' | null;

const SUCCESS_MESSAGES: Record<ReviewAction['kind'], string> = {
  approve: 'Applicant approved',
  reject: 'Applicant rejected',
  hold: 'Applicant put on hold',
  reset: 'Applicant reset',
};

/** A labelled reason textarea with its hint or error; shared by the decision and blocklist dialogs. */
export function ReasonField({
  label,
  value,
  onChange,
  error,
  hint,
  maxLength = REASON_MAX_LENGTH,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  maxLength?: number;
}) {
  const id = useId();
  return (
    <div className="text-field">
      <label htmlFor={id} className="text-field-label">
        {label}
      </label>
      <textarea
        id={id}
        className="text-field-input decision-reason"
        value={value}
        rows={3}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? `${id}-note` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {(error || hint) && (
        <p id={`${id}-note`} className={error ? 'text-field-error' : 'text-field-hint'}>
          {error ?? hint}
        </p>
      )}
    </div>
  );
}

/**
 * Approve at once; reject (reason required, final or resubmission) and hold (optional reason)
 * in a dialog. Each decision carries the `version` of the applicant shown: if someone changed
 * it meanwhile, the server's message is shown and the applicant loads again.
 */
export function DecisionButtons({ organizationId, applicant }: { organizationId: string; applicant: ApplicantSummaryDto }) {
  const toast = useToast();
  const review = useReviewApplicant(organizationId, applicant.userId);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [rejectType, setRejectType] = useState<RejectApplicantDto['rejectType']>('resubmission');

  const open = (which: Dialog) => {
    review.reset();
    setReason('');
    setReasonError(undefined);
    setRejectType('resubmission');
    setDialog(which);
  };

  const run = (action: ReviewAction) =>
    review.mutate(action, {
      onSuccess: () => {
        toast.success(SUCCESS_MESSAGES[action.kind]);
        setDialog(null);
      },
      onError: (error) => {
        // Dialogs show their own error; approve has no dialog.
        if (action.kind === 'approve') toast.error(getErrorMessage(error));
      },
    });

  const onReject = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isBlank(reason)) {
      setReasonError(FIELD_REQUIRED);
      return;
    }
    run({ kind: 'reject', version: applicant.version, body: { reason: reason.trim(), rejectType } });
  };

  const onHold = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    run({ kind: 'hold', version: applicant.version, body: isBlank(reason) ? {} : { reason: reason.trim() } });
  };

  const isApproved = applicant.kycStatus === 'completed' && applicant.reviewAnswer === 'approved';
  const busy = review.isPending;

  return (
    <div className="decision-buttons">
      <Button
        variant="success"
        onClick={() => run({ kind: 'approve', version: applicant.version })}
        disabled={isApproved || busy}
        isLoading={busy && dialog === null}
      >
        Approve
      </Button>
      <Button variant="danger" onClick={() => open('reject')} disabled={busy}>
        Reject
      </Button>
      <Button variant="secondary" onClick={() => open('hold')} disabled={applicant.kycStatus === 'onHold' || busy}>
        Hold
      </Button>

      <Modal
        open={dialog === 'reject'}
        onClose={() => setDialog(null)}
        title="Reject applicant"
        footer={
          <>
            <Button variant="secondary" onClick={() => setDialog(null)}>
              Cancel
            </Button>
            <Button variant="danger" type="submit" form="reject-applicant-form" isLoading={busy}>
              Reject
            </Button>
          </>
        }
      >
        <form id="reject-applicant-form" className="decision-form" onSubmit={onReject} noValidate>
          {review.isError && <Alert variant="danger">{getErrorMessage(review.error)}</Alert>}
          <ReasonField
            label="Reason"
            value={reason}
            error={reasonError}
            hint="Sent to your webhook with the decision."
            onChange={(value) => {
              setReason(value);
              setReasonError(undefined);
            }}
          />
          <fieldset className="decision-reject-type">
            <legend>Can the applicant try again?</legend>
            <label className="decision-option">
              <input
                type="radio"
                name="rejectType"
                value="resubmission"
                checked={rejectType === 'resubmission'}
                onChange={() => setRejectType('resubmission')}
              />
              <span>
                <strong>Resubmission</strong> — they may verify again, e.g. with a sharper photo
              </span>
            </label>
            <label className="decision-option">
              <input
                type="radio"
                name="rejectType"
                value="final"
                checked={rejectType === 'final'}
                onChange={() => setRejectType('final')}
              />
              <span>
                <strong>Final</strong> — the rejection stands
              </span>
            </label>
          </fieldset>
        </form>
      </Modal>

      <Modal
        open={dialog === 'hold'}
        onClose={() => setDialog(null)}
        title="Put applicant on hold"
        footer={
          <>
            <Button variant="secondary" onClick={() => setDialog(null)}>
              Cancel
            </Button>
            <Button type="submit" form="hold-applicant-form" isLoading={busy}>
              Hold
            </Button>
          </>
        }
      >
        <form id="hold-applicant-form" className="decision-form" onSubmit={onHold} noValidate>
          {review.isError && <Alert variant="danger">{getErrorMessage(review.error)}</Alert>}
          <ReasonField
            label="Reason (optional)"
            value={reason}
            hint="Recorded in the activity, e.g. what you are waiting for."
            onChange={setReason}
          />
        </form>
      </Modal>
    </div>
  );
}
