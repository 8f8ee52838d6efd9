import { getErrorMessage } from '../../../api/client';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useAuth } from '../../../lib/auth';
import { useLogout } from '../api/logout';

import './logout-dialog.css';

export const DEMO_LOGOUT_WARNING =
  'You are using a demo account. Logging out deletes it together with all of its data, and you will not be able to sign back in.';

export interface LogoutDialogProps {
  open: boolean;
  onClose: () => void;
}

export function LogoutDialog({ open, onClose }: LogoutDialogProps) {
  const { user } = useAuth();
  const logout = useLogout();

  const close = () => {
    if (logout.isPending) return;
    logout.reset();
    onClose();
  };

  return (
    <Modal
      open={open}
      onClose={close}
      title="Logout"
      size="small"
      footer={
        <>
          <Button variant="outline" onClick={close} disabled={logout.isPending}>
            Close
          </Button>
          <Button variant={user?.isDemo ? 'danger' : 'primary'} onClick={() => logout.mutate()} isLoading={logout.isPending}>
            Logout
          </Button>
        </>
      }
    >
      <div className="logout-dialog-body">
        <p>Are you sure you want to log out of your account?</p>
        {user?.isDemo && <Alert variant="warning">{DEMO_LOGOUT_WARNING}</Alert>}
        {logout.isError && <Alert variant="danger">{getErrorMessage(logout.error)}</Alert>}
      </div>
    </Modal>
  );
}
