import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { ApplicantDetailsDto, UpdateApplicantDto } from '../../../api/generated/types.gen';
import { applicantsUpdate } from '../../../api/sdk';
import { applicantKeys } from '../../../api/query-keys';
import { reloadIfApplicantChanged } from './applicant-changed';

/** The changed fields, with the applicant's `version` the form was showing (a stale one answers 409). */
export async function updateApplicant(organizationId: string, userId: string, body: UpdateApplicantDto): Promise<ApplicantDetailsDto> {
  const { data } = await applicantsUpdate({ path: { id: organizationId, userId }, body });
  return data;
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
    // Someone else changed the applicant first: nothing was saved; load the latest state.
    onError: (error) => {
      void reloadIfApplicantChanged(queryClient, error, organizationId, userId);
    },
  });
}
