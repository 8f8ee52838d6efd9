import { useState, type FormEvent } from 'react';

import { getErrorMessage } from '../../../api/client';
import type { FaceBlocklistEntryDto } from '../../../api/generated/types.gen';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useToast } from '../../../components/ui/toast-context';
import { ReasonField } from '../../../components/reason-field';
import { FIELD_REQUIRED, isBlank } from '../../../lib/validation';
import { useFaceBlocklist } from '../api/face-blocklist';

import '../../../components/ui/text-field.css';

/** The server's limit on a blocklist reason. */
const BLOCKLIST_REASON_MAX_LENGTH = 500;
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** 'Mark face as fraudulent': a reason (required), then the face goes on the organization's blocklist. */
export function MarkFaceFraudulentButton({ organizationId, userId }: { organizationId: string; userId: string }) {
  const toast = useToast();
  const blocklist = useFaceBlocklist(organizationId, userId);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();

  const show = () => {
    blocklist.reset();
    setReason('');
    setReasonError(undefined);
    setOpen(true);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isBlank(reason)) {
      setReasonError(FIELD_REQUIRED);
      return;
    }
    blocklist.mutate(
      { kind: 'block', reason: reason.trim() },
      {
        onSuccess: () => {
          toast.success('Face added to the blocklist');
          setOpen(false);
        },
      },
    );
  };

  return (
    <>
      <Button variant="danger" onClick={show}>
        Mark face as fraudulent
      </Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="Mark face as fraudulent"
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button variant="danger" type="submit" form="face-blocklist-form" isLoading={blocklist.isPending}>
              Add to the blocklist
            </Button>
          </>
        }
      >
        <form id="face-blocklist-form" className="decision-form" onSubmit={submit} noValidate>
          {blocklist.isError && <Alert variant="danger">{getErrorMessage(blocklist.error)}</Alert>}
          <p>
            The selfie face of <strong>{userId}</strong> goes on the organization’s blocklist: every later selfie that matches it fails the duplicate-face
            check.
          </p>
          <ReasonField
            label="Reason"
            value={reason}
            error={reasonError}
            hint="Recorded in the activity, and shown with every later match."
            maxLength={BLOCKLIST_REASON_MAX_LENGTH}
            onChange={(value) => {
              setReason(value);
              setReasonError(undefined);
            }}
          />
        </form>
      </Modal>
    </>
  );
}

/** 'On the blocklist: reason', with 'Remove from blocklist' (confirmed) for those who may. */
export function FaceBlocklistStatus({
  organizationId,
  userId,
  entry,
  canUpdate,
}: {
  organizationId: string;
  userId: string;
  entry: FaceBlocklistEntryDto;
  canUpdate: boolean;
}) {
  const toast = useToast();
  const blocklist = useFaceBlocklist(organizationId, userId);
  const [open, setOpen] = useState(false);

  const remove = () =>
    blocklist.mutate(
      { kind: 'unblock' },
      {
        onSuccess: () => {
          toast.success('Face removed from the blocklist');
          setOpen(false);
        },
      },
    );

  return (
    <div className="face-blocklisted">
      <div className="face-blocklisted-text">
        <p className="face-blocklisted-title">On the blocklist: {entry.reason}</p>
        <p className="face-blocklisted-since">
          Since <time dateTime={entry.createdAt}>{dateTimeFormat.format(new Date(entry.createdAt))}</time>; later selfies that match this face fail the
          duplicate-face check.
        </p>
      </div>
      {canUpdate && (
        <Button
          variant="outline"
          onClick={() => {
            blocklist.reset();
            setOpen(true);
          }}
        >
          Remove from blocklist
        </Button>
      )}
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="Remove from blocklist"
        size="small"
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button onClick={remove} isLoading={blocklist.isPending}>
              Remove from blocklist
            </Button>
          </>
        }
      >
        {blocklist.isError && <Alert variant="danger">{getErrorMessage(blocklist.error)}</Alert>}
        <p>
          Later selfies will no longer be checked against the face of <strong>{userId}</strong>. Checks already recorded stay as they are.
        </p>
      </Modal>
    </div>
  );
}
