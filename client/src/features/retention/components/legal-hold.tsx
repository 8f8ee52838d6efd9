import { useState } from 'react';

import { getErrorMessage } from '../../../api/client';
import type { LegalHoldDto } from '../../../api/generated/types.gen';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useToast } from '../../../components/ui/toast-context';
import { ReasonField } from '../../../components/reason-field';
import { useLegalHold } from '../api/legal-hold';

const REASON_MAX_LENGTH = 500;

/** 'Legal hold' / 'Lift legal hold' (owners and administrators): a reason, kept in the activity. */
export function LegalHoldButton({ organizationId, userId, held }: { organizationId: string; userId: string; held: boolean }) {
  const toast = useToast();
  const change = useLegalHold(organizationId, userId);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const close = () => {
    setOpen(false);
    setReason('');
    change.reset();
  };
  const action = held ? 'Lift legal hold' : 'Place legal hold';
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        {held ? 'Lift legal hold' : 'Legal hold'}
      </Button>
      <Modal
        open={open}
        onClose={close}
        title={action}
        size="small"
        footer={
          <>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button
              disabled={reason.trim().length < 3}
              isLoading={change.isPending}
              onClick={() =>
                change.mutate(
                  { hold: !held, reason: reason.trim() },
                  {
                    onSuccess: () => {
                      toast.success(held ? 'Legal hold lifted' : 'Applicant on legal hold');
                      close();
                    },
                  },
                )
              }
            >
              {action}
            </Button>
          </>
        }
      >
        {change.isError && <Alert variant="danger">{getErrorMessage(change.error)}</Alert>}
        <p>
          {held
            ? "The organization's retention policy applies to this applicant again from its next hourly run, and it can be erased."
            : "While on legal hold, the organization's retention policy skips this applicant and nobody can erase it."}
        </p>
        <ReasonField
          label="Reason"
          value={reason}
          onChange={setReason}
          maxLength={REASON_MAX_LENGTH}
          hint="For example a case or court-order reference. Kept in the activity; write no personal data."
        />
      </Modal>
    </>
  );
}

/** The hold in force: since when, by whom, why. */
export function LegalHoldNotice({ hold }: { hold: LegalHoldDto }) {
  return (
    <Alert variant="warning" title="On legal hold">
      <p>
        Since {new Date(hold.since).toLocaleString()} by {hold.placedBy}: {hold.reason}. Retention and erasure skip this applicant until the hold is lifted.
      </p>
    </Alert>
  );
}
