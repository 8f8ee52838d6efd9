import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import type { ApplicantAssignmentDto } from '../../../api/generated/types.gen';
import { applicantKeys } from '../../../api/query-keys';
import { assignmentAssign, assignmentOpen, assignmentUnassign } from '../../../api/sdk';

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

/**
 * Opening a case takes it: once per applicant opened (the "& next" navigation included),
 * the server assigns a case awaiting a decision that nobody holds to the reviewer, with a
 * lock, or moves their own lock on; someone else's case stays theirs (the page says who).
 */
export function useOpenCase(organizationId: string, userId: string, enabled: boolean) {
  const queryClient = useQueryClient();
  const { mutate } = useMutation({
    mutationFn: async (): Promise<ApplicantAssignmentDto> => (await assignmentOpen({ path: { id: organizationId, userId } })).data,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: applicantKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: applicantKeys.detail(organizationId, userId) }),
      ]),
  });
  useEffect(() => {
    if (enabled) mutate();
  }, [enabled, mutate, organizationId, userId]);
}
