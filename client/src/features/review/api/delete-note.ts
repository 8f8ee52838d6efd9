import { useMutation, useQueryClient } from '@tanstack/react-query';

import { applicantNotesRemove } from '../../../api/sdk';
import { decisionKeys } from './decision-keys';

/** Deletes one's own note (within 15 minutes of writing it). */
export function useDeleteNote(organizationId: string, userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (noteId: string) => {
      await applicantNotesRemove({ path: { id: organizationId, userId, noteId } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: decisionKeys.notes(organizationId, userId) }),
  });
}
