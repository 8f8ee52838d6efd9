import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { AccountProofDto } from '../../../api/generated/types.gen';
import { twoFactorConfirm, twoFactorRemove, twoFactorStartSetup, twoFactorStatus } from '../../../api/sdk';
import { accountKeys } from './account-keys';

/** What guards the account's sign-in, and whether a rule requires it (enrolmentRequired: only the Security page opens). */
export function useTwoFactorStatus(enabled = true) {
  return useQuery({
    queryKey: accountKeys.twoFactor(),
    queryFn: async () => (await twoFactorStatus()).data,
    enabled,
  });
}

/** A new secret and its QR code; nothing guards sign-in until it is confirmed. */
export function useStartTotpSetup() {
  return useMutation({ mutationFn: async () => (await twoFactorStartSetup()).data });
}

/** Confirms with a first code; answers the recovery codes, shown this once. */
export function useConfirmTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) => (await twoFactorConfirm({ body: { code } })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.twoFactor() }),
  });
}

export function useRemoveTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AccountProofDto) => {
      await twoFactorRemove({ body });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.twoFactor() }),
  });
}
