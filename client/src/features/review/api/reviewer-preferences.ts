import { useMutation, useQueryClient } from '@tanstack/react-query';

import { reviewerPreferencesSave } from '../../../api/sdk';
import { decisionKeys } from './decision-keys';

/** "Don't ask again" for the approve confirmation, kept on the server for the signed-in reviewer. */
export function useSaveApproveWithoutConfirmation(organizationId: string, userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (approveWithoutConfirmation: boolean) => (await reviewerPreferencesSave({ body: { approveWithoutConfirmation } })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: decisionKeys.review(organizationId, userId) }),
  });
}
