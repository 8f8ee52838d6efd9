import type { ReactNode } from 'react';

import { Button } from '../../../components/ui/button';
import type { ButtonVariant } from '../../../components/ui/button-styles';
import { Modal } from '../../../components/ui/modal';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  confirmVariant?: ButtonVariant;
  isPending?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before an action that cannot be undone; stays open (busy) until the caller closes it. */
export function ConfirmDialog({ open, title, children, confirmLabel, confirmVariant = 'danger', isPending = false, onConfirm, onClose }: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      onClose={isPending ? () => {} : onClose}
      title={title}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={isPending}>
            Cancel
          </Button>
          <Button variant={confirmVariant} onClick={onConfirm} isLoading={isPending}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
