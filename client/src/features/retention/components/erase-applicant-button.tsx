import { useState } from 'react';

import { getErrorMessage } from '../../../api/client';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast-context';
import { ReasonField } from '../../../components/reason-field';
import { useEraseApplicant } from '../api/erase-applicant';

const REASON_MAX_LENGTH = 500;

/**
 * 'Erase applicant' (owners and administrators): a reason and the userId typed again;
 * afterwards the page shows the tombstone. Irreversible, unlike a reset.
 */
export function EraseApplicantButton({ organizationId, userId }: { organizationId: string; userId: string }) {
  const toast = useToast();
  const erase = useEraseApplicant(organizationId, userId, () => toast.success('Applicant erased'));
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [typed, setTyped] = useState('');
  const ready = reason.trim().length >= 3 && typed === userId;

  const close = () => {
    setOpen(false);
    setReason('');
    setTyped('');
    erase.reset();
  };

  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        Erase applicant
      </Button>
      <Modal
        open={open}
        onClose={close}
        title="Erase applicant"
        size="small"
        footer={
          <>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button variant="danger" disabled={!ready} isLoading={erase.isPending} onClick={() => erase.mutate(reason.trim())}>
              Erase for good
            </Button>
          </>
        }
      >
        {erase.isError && <Alert variant="danger">{getErrorMessage(erase.error)}</Alert>}
        <p>
          This permanently removes everything about <strong>{userId}</strong>: identity data, document images, selfie, face data, checks, notes, webhook copies
          and the personal values in the activity trail. Only a record of who erased it, when and why remains. This cannot be undone.
        </p>
        <ReasonField
          label="Reason"
          value={reason}
          onChange={setReason}
          maxLength={REASON_MAX_LENGTH}
          hint="For example: the person asked for erasure (GDPR Art. 17). Kept in the record; write no personal data."
        />
        <TextField label={`Type ${userId} to confirm`} value={typed} onChange={(event) => setTyped(event.target.value)} autoComplete="off" />
      </Modal>
    </>
  );
}

/** What is left of an erased applicant. */
export function ApplicantTombstone({ erasedAt, erasedBy, reason }: { erasedAt: string; erasedBy: string; reason: string }) {
  return (
    <Alert variant="info">
      <p>
        <strong>This applicant was erased</strong> on {new Date(erasedAt).toLocaleString()} by {erasedBy}.
      </p>
      <p>Reason: {reason}</p>
    </Alert>
  );
}
