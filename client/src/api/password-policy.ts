import { queryOptions, useQuery } from '@tanstack/react-query';

import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../config/constants';
import type { PasswordPolicyDto } from './generated/types.gen';
import { passwordKeys } from './query-keys';
import { passwordPolicyGet } from './sdk';

/** The spec's bounds, used until the server's policy has loaded (the server checks again anyway). */
const SPEC_POLICY: PasswordPolicyDto = { minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH, rejectsCommonPasswords: false };

export const passwordPolicyQueryOptions = () =>
  queryOptions({
    queryKey: passwordKeys.policy(),
    queryFn: async () => (await passwordPolicyGet()).data,
    staleTime: Infinity,
  });

/** What a new password must be: the operator's minimum, the maximum and the hint to show. */
export function usePasswordPolicy(): PasswordPolicyDto & { hint: string } {
  const { data = SPEC_POLICY } = useQuery(passwordPolicyQueryOptions());
  const hint = `${data.minLength} to ${data.maxLength} characters${data.rejectsCommonPasswords ? ', not a common password' : ''}`;
  return { ...data, hint };
}
