import { useMutation, useQueryClient } from '@tanstack/react-query';

import { legalHoldLift, legalHoldPlace } from '../../../api/sdk';
import { applicantKeys } from '../../../api/query-keys';

/** Places or lifts the applicant's legal hold (owner or administrator), with a reason kept in the activity. */
export function useLegalHold(organizationId: string, userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ hold, reason }: { hold: boolean; reason: string }) => {
      const options = { path: { id: organizationId, userId }, body: { reason } } as const;
      if (hold) await legalHoldPlace(options);
      else await legalHoldLift(options);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: applicantKeys.detail(organizationId, userId) }),
  });
}
