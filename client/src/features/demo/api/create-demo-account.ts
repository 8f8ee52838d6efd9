import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';

import type { LoginDto, UserDto } from '../../../api/generated/types.gen';
import { userKeys } from '../../../api/query-keys';
import { authLogin } from '../../../api/sdk';
import { useToast } from '../../../components/ui/toast-context';
import { DEMO_PASSWORD } from '../../../config/constants';
import { paths } from '../../../config/paths';
import { registerDemo } from './register-demo';

export const DEMO_WELCOME_TOAST = 'Your registration was successful. Welcome to the product!';

/** Spec §3: the demo login uses the returned e-mail as username and the fixed demo password. */
async function logInToDemo(email: string): Promise<UserDto> {
  const body: LoginDto = { username: email, password: DEMO_PASSWORD };
  const { data } = await authLogin({ body });
  return data;
}

export async function createDemoAccount(): Promise<UserDto> {
  const { email } = await registerDemo();
  return logInToDemo(email);
}

/**
 * Spec §4 demo creation: idle → loading → signed in with a welcome toast, or an error.
 * The callbacks live on the mutation, not on `mutate`, so they still run when the guest-only
 * guard has already unmounted the page on seeing the new user.
 */
export function useCreateDemoAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  return useMutation({
    mutationFn: createDemoAccount,
    onSuccess: async () => {
      toast.success(DEMO_WELCOME_TOAST);
      // The dashboard's guard must see the new user before we go there, or it would
      // bounce a still-cached "signed out" visitor to /login.
      await queryClient.invalidateQueries({ queryKey: userKeys.me(), refetchType: 'all' });
      await navigate(paths.dashboard.root, { replace: true });
    },
  });
}
