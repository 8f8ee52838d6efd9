import { useMutation, useQueryClient } from '@tanstack/react-query';

import { applicantNotesEdit } from '../../../api/sdk';
import { decisionKeys } from './decision-keys';

/** Changes one's own note (within 15 minutes of writing it). */
export function useEditNote(organizationId: string, userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ noteId, text }: { noteId: string; text: string }) =>
      (await applicantNotesEdit({ path: { id: organizationId, userId, noteId }, body: { text } })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: decisionKeys.notes(organizationId, userId) }),
  });
}
