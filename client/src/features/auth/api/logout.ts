import { useMutation } from '@tanstack/react-query';

import { api } from '../../../api/client';
import { useToast } from '../../../components/ui/toast-context';
import { paths } from '../../../config/paths';
import { useEndSession } from '../../../lib/session';

export function logout(): Promise<void> {
  return api.post<void>('/api/auth/logout');
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
