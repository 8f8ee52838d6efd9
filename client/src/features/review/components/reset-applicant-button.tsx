import { useState } from 'react';

import { getErrorMessage } from '../../../api/client';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useToast } from '../../../components/ui/toast-context';
import { useReviewApplicant } from '../api/review-applicant';

/**
 * 'Reset applicant' with a confirmation; afterwards the details load again. It carries the
 * applicant's `version` shown, so a reset never wipes a change the reviewer has not seen.
 */
export function ResetApplicantButton({ organizationId, userId, version }: { organizationId: string; userId: string; version: number }) {
  const toast = useToast();
  const review = useReviewApplicant(organizationId, userId);
  const [open, setOpen] = useState(false);

  const close = () => {
    setOpen(false);
    review.reset();
  };

  const confirm = () =>
    review.mutate(
      { kind: 'reset', version },
      {
        onSuccess: () => {
          toast.success('Applicant reset');
          setOpen(false);
        },
      },
    );

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
            <Button variant="danger" onClick={confirm} isLoading={review.isPending}>
              Reset applicant
            </Button>
          </>
        }
      >
        {review.isError && <Alert variant="danger">{getErrorMessage(review.error)}</Alert>}
        <p>
          This removes the identity data, the document images and any decision of <strong>{userId}</strong>, and sets the status back to Initial. The applicant
          will have to go through verification again.
        </p>
      </Modal>
    </>
  );
}
