import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { InvitationDto, InviteMemberDto } from '../../../api/generated/types.gen';
import { organizationInvitationsInvite, organizationInvitationsList, organizationInvitationsRevoke } from '../../../api/sdk';
import { organizationKeys } from './query-keys';

// The owner's side of invitations: who was invited and has not answered yet.

export async function getInvitations(organizationId: string, signal?: AbortSignal): Promise<InvitationDto[]> {
  const { data } = await organizationInvitationsList({ path: { id: organizationId }, signal });
  return data;
}

export function useInvitations(organizationId: string) {
  return useQuery({
    queryKey: organizationKeys.invitations(organizationId),
    queryFn: ({ signal }) => getInvitations(organizationId, signal),
  });
}

export function useInviteMember(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: InviteMemberDto) => (await organizationInvitationsInvite({ path: { id: organizationId }, body })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKeys.invitations(organizationId) }),
  });
}

export function useRevokeInvitation(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (invitationId: string) => {
      await organizationInvitationsRevoke({ path: { id: organizationId, invitationId } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKeys.invitations(organizationId) }),
  });
}
