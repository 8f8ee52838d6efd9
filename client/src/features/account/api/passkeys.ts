import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { PasskeyCredentialDto, AccountProofDto } from '../../../api/generated/types.gen';
import { passkeysList, passkeysOptions, passkeysRegister, passkeysRemove } from '../../../api/sdk';
import { accountKeys } from './account-keys';

export function usePasskeys() {
  return useQuery({
    queryKey: accountKeys.passkeys(),
    queryFn: async () => (await passkeysList()).data,
  });
}

/** Asks the server for options, lets the browser create the passkey, then registers it under `name`. */
export async function addPasskey(name: string) {
  const { data } = await passkeysOptions();
  const credential = await startRegistration({ optionsJSON: data.options as unknown as PublicKeyCredentialCreationOptionsJSON });
  return (await passkeysRegister({ body: { name, credential: credential as unknown as PasskeyCredentialDto } })).data;
}

function useInvalidateSecondFactors() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: accountKeys.passkeys() }), queryClient.invalidateQueries({ queryKey: accountKeys.twoFactor() })]);
}

export function useAddPasskey() {
  const invalidate = useInvalidateSecondFactors();
  return useMutation({ mutationFn: addPasskey, onSuccess: invalidate });
}

export function useRemovePasskey() {
  const invalidate = useInvalidateSecondFactors();
  return useMutation({
    mutationFn: async ({ id, proof }: { id: string; proof: AccountProofDto }) => {
      await passkeysRemove({ path: { id }, body: proof });
    },
    onSuccess: invalidate,
  });
}
