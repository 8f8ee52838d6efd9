import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { VerificationPolicyDetailsDto, VerificationPolicyDto } from '../../../api/generated/types.gen';
import { verificationPolicyGet, verificationPolicySet } from '../../../api/sdk';
import { organizationKeys } from './query-keys';

/** verificationPolicyGet: the policy in force (the default until the owner saves one). */
export async function getVerificationPolicy(organizationId: string, signal?: AbortSignal): Promise<VerificationPolicyDetailsDto> {
  const { data } = await verificationPolicyGet({ path: { id: organizationId }, signal });
  return data;
}

export const verificationPolicyQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: organizationKeys.policy(organizationId),
    queryFn: ({ signal }) => getVerificationPolicy(organizationId, signal),
  });

export function useVerificationPolicy(organizationId: string) {
  return useQuery(verificationPolicyQueryOptions(organizationId));
}

/** verificationPolicySet: owner (or super-admin) only; audited with before and after. */
export async function updateVerificationPolicy(organizationId: string, body: VerificationPolicyDto): Promise<VerificationPolicyDetailsDto> {
  const { data } = await verificationPolicySet({ path: { id: organizationId }, body });
  return data;
}

export function useUpdateVerificationPolicy(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VerificationPolicyDto) => updateVerificationPolicy(organizationId, body),
    onSuccess: (saved) => queryClient.setQueryData(organizationKeys.policy(organizationId), saved),
  });
}
