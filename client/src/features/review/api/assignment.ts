import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { ApplicantAssignmentDto } from '../../../api/generated/types.gen';
import { applicantKeys } from '../../../api/query-keys';
import { assignmentAssign, assignmentUnassign } from '../../../api/sdk';

/** Assign (to `assigneeId`, default the caller) or release an applicant. */
export function useAssignment(organizationId: string, userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: { assign: true; assigneeId?: string } | { assign: false }): Promise<ApplicantAssignmentDto> => {
      const path = { id: organizationId, userId };
      const { data } = change.assign ? await assignmentAssign({ path, body: { userId: change.assigneeId } }) : await assignmentUnassign({ path });
      return data;
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: applicantKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: applicantKeys.detail(organizationId, userId) }),
      ]),
  });
}
