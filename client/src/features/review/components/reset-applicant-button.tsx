import { useId, useState, type FormEvent } from 'react';

import { getErrorMessage } from '../../../api/client';
import { ReasonField } from '../../../components/reason-field';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useToast } from '../../../components/ui/toast-context';
import { useReviewApplicant } from '../api/review-applicant';

/** As the server takes it (server/review/details/reset-applicant.dto.ts). */
const RESET_REASON_MAX_LENGTH = 500;
const RESET_REASON_REQUIRED = 'Say why the applicant is reset: the reason is kept in the activity';

/**
 * 'Reset applicant' with a confirmation that asks why (kept in the audit entry and shown in
 * the activity); afterwards the details load again. It carries the applicant's `version`
 * shown, so a reset never wipes a change the reviewer has not seen.
 */
export function ResetApplicantButton({ organizationId, userId, version }: { organizationId: string; userId: string; version: number }) {
  const toast = useToast();
  const review = useReviewApplicant(organizationId, userId);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const formId = useId();

  const close = () => {
    setOpen(false);
    setReason('');
    setError(undefined);
    review.reset();
  };

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = reason.trim();
    if (!trimmed) {
      setError(RESET_REASON_REQUIRED);
      return;
    }
    review.mutate(
      { kind: 'reset', version, reason: trimmed },
      {
        onSuccess: () => {
          toast.success('Applicant reset');
          close();
        },
      },
    );
  };

  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        Reset applicant
      </Button>
      <Modal
        open={open}
        onClose={close}
        title="Reset applicant"
        size="small"
        footer={
          <>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button variant="danger" type="submit" form={formId} isLoading={review.isPending}>
              Reset applicant
            </Button>
          </>
        }
      >
        <form id={formId} className="decision-form" onSubmit={confirm} noValidate>
          {review.isError && <Alert variant="danger">{getErrorMessage(review.error)}</Alert>}
          <p>
            This removes the identity data, the document images and any decision of <strong>{userId}</strong>, and sets the status back to Initial. The
            applicant will have to go through verification again.
          </p>
          <ReasonField
            label="Reason (required)"
            value={reason}
            maxLength={RESET_REASON_MAX_LENGTH}
            error={error}
            hint={`Kept in the activity; ${RESET_REASON_MAX_LENGTH} characters at most.`}
            onChange={(value) => {
              setReason(value);
              setError(undefined);
            }}
          />
        </form>
      </Modal>
    </>
  );
}
