import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../api/client';
import type { UpdateApplicantDto } from '../../../api/generated/types.gen';
import type { ApplicantDetails } from './get-applicant';
import { applicantKeys, applicantPath } from './query-keys';

export function updateApplicant(
  organizationId: string,
  userId: string,
  body: UpdateApplicantDto,
): Promise<ApplicantDetails> {
  return api.put<ApplicantDetails>(applicantPath(organizationId, userId), body);
}

export function useUpdateApplicant(organizationId: string, userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateApplicantDto) => updateApplicant(organizationId, userId, body),
    onSuccess: async (details) => {
      // The answer is the new state: no second read (which the audit would record as a view).
      queryClient.setQueryData(applicantKeys.detail(organizationId, userId), details);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: applicantKeys.activities(organizationId, userId) }),
        queryClient.invalidateQueries({ queryKey: applicantKeys.lists() }),
      ]);
    },
  });
}
