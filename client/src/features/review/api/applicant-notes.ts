import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { ApplicantNoteDto } from '../../../api/generated/types.gen';
import { applicantNotesAdd, applicantNotesList } from '../../../api/sdk';
import { applicantKeys } from '../../../api/query-keys';
import { decisionKeys } from './decision-keys';

export function useApplicantNotes(organizationId: string, userId: string) {
  return useQuery({
    queryKey: decisionKeys.notes(organizationId, userId),
    queryFn: async ({ signal }): Promise<ApplicantNoteDto[]> => (await applicantNotesList({ path: { id: organizationId, userId }, signal })).data,
  });
}

export function useAddNote(organizationId: string, userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (text: string) => (await applicantNotesAdd({ path: { id: organizationId, userId }, body: { text } })).data,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: decisionKeys.notes(organizationId, userId) }),
        queryClient.invalidateQueries({ queryKey: applicantKeys.activities(organizationId, userId) }),
      ]),
  });
}
