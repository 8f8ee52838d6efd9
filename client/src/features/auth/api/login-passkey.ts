import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { PasskeyCredentialDto, PasskeyOptionsDto, UserDto } from '../../../api/generated/types.gen';
import { userKeys } from '../../../api/query-keys';
import { passkeySignInPasswordless, passkeySignInPasswordlessOptions, passkeySignInSecondFactor, passkeySignInSecondFactorOptions } from '../../../api/sdk';

/** Lets the browser answer the server's options with a passkey. */
async function assertion(options: PasskeyOptionsDto): Promise<PasskeyCredentialDto> {
  const credential = await startAuthentication({ optionsJSON: options.options as unknown as PublicKeyCredentialRequestOptionsJSON });
  return credential as unknown as PasskeyCredentialDto;
}

/** Passwordless: the browser offers the passkeys it keeps for this site; the chosen one names the account. */
export async function loginWithPasskey(): Promise<UserDto> {
  const { data: options } = await passkeySignInPasswordlessOptions();
  const credential = await assertion(options);
  return (await passkeySignInPasswordless({ body: { credential } })).data;
}

/** The second step after the password, with one of the account's passkeys. */
export async function loginSecondFactorWithPasskey(): Promise<UserDto> {
  const { data: options } = await passkeySignInSecondFactorOptions();
  const credential = await assertion(options);
  return (await passkeySignInSecondFactor({ body: { credential } })).data;
}

export function usePasskeyLogin(step: 'passwordless' | 'second-factor') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: step === 'passwordless' ? loginWithPasskey : loginSecondFactorWithPasskey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.me() }),
  });
}
