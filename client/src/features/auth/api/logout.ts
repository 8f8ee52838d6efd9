import { useMutation } from '@tanstack/react-query';

import { authLogout } from '../../../api/sdk';
import { useToast } from '../../../components/ui/toast-context';
import { paths } from '../../../config/paths';
import { useEndSession } from '../../../lib/session';

export async function logout(): Promise<void> {
  await authLogout();
}

/** Ends the session (a demo account is deleted by the server), goes to / and forgets every cached query. */
export function useLogout() {
  const toast = useToast();
  const endSession = useEndSession();
  return useMutation({
    mutationFn: logout,
    onSuccess: async () => {
      toast.success('Successfully logged out');
      await endSession(paths.home);
    },
  });
}
