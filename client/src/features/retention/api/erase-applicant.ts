import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { ApplicantTombstoneDto } from '../../../api/generated/types.gen';
import { applicantErasureErase, applicantErasureTombstones } from '../../../api/sdk';
import { applicantKeys } from '../../../api/query-keys';

/** Erases the applicant (owner or administrator); the details then show its tombstone. */
export function useEraseApplicant(organizationId: string, userId: string, onErased: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (reason: string): Promise<ApplicantTombstoneDto> =>
      (await applicantErasureErase({ path: { id: organizationId, userId }, body: { reason, confirmUserId: userId } })).data,
    // Here, not in mutate(): the button unmounts as the details give way to the tombstone.
    onSuccess: async (tombstone) => {
      onErased();
      queryClient.setQueryData(applicantTombstoneKey(organizationId, userId), [tombstone]);
      queryClient.removeQueries({ queryKey: applicantKeys.detail(organizationId, userId) });
      await queryClient.invalidateQueries({ queryKey: applicantKeys.all });
    },
  });
}

const applicantTombstoneKey = (organizationId: string, userId: string) => ['applicant-erasures', organizationId, userId] as const;

/** The tombstones under this userId; asked only once the applicant is not found. */
export function useApplicantTombstones(organizationId: string, userId: string, enabled: boolean) {
  return useQuery({
    queryKey: applicantTombstoneKey(organizationId, userId),
    queryFn: async (): Promise<ApplicantTombstoneDto[]> => (await applicantErasureTombstones({ path: { id: organizationId, userId } })).data,
    enabled,
  });
}
