import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { ReceivedInvitationDto } from '../../../api/generated/types.gen';
import { invitationsAccept, invitationsDecline, invitationsList } from '../../../api/sdk';
import { organizationKeys } from './query-keys';

// The invitee's side: their pending invitations; accepting one adds an organization.

export async function getReceivedInvitations(signal?: AbortSignal): Promise<ReceivedInvitationDto[]> {
  const { data } = await invitationsList({ signal });
  return data;
}

export function useReceivedInvitations() {
  return useQuery({ queryKey: organizationKeys.received(), queryFn: ({ signal }) => getReceivedInvitations(signal) });
}

/** Accept or decline; either way the invitation leaves the list, and an accepted one's organization joins it. */
export function useAnswerInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, answer }: { id: string; answer: 'accept' | 'decline' }) => {
      if (answer === 'accept') await invitationsAccept({ path: { id } });
      else await invitationsDecline({ path: { id } });
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: organizationKeys.received() }),
        queryClient.invalidateQueries({ queryKey: organizationKeys.lists() }),
      ]),
  });
}
