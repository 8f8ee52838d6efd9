import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { TwoFactorPolicyInputDto } from '../../../api/generated/types.gen';
import { twoFactorPolicyGet, twoFactorPolicySet } from '../../../api/sdk';
import { accountKeys } from './account-keys';

/** The platform-wide two-factor rule (super-admin only). */
export function useTwoFactorPolicy(enabled: boolean) {
  return useQuery({
    queryKey: accountKeys.twoFactorPolicy(),
    queryFn: async () => (await twoFactorPolicyGet()).data,
    enabled,
  });
}

export function useSetTwoFactorPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (requiredFor: TwoFactorPolicyInputDto['requiredFor']) => (await twoFactorPolicySet({ body: { requiredFor } })).data,
    onSuccess: (saved) => {
      queryClient.setQueryData(accountKeys.twoFactorPolicy(), saved);
      // The super-admin may be bound by the new rule too.
      return queryClient.invalidateQueries({ queryKey: accountKeys.twoFactor() });
    },
  });
}
