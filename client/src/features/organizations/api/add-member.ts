import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../api/client';
import type { AddMemberDto, MemberDto } from '../../../api/generated/types.gen';
import { organizationKeys } from './query-keys';

export function addMember(organizationId: string, body: AddMemberDto): Promise<MemberDto> {
  return api.post<MemberDto>(`/api/projects/${encodeURIComponent(organizationId)}/members`, body);
}

export function useAddMember(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddMemberDto) => addMember(organizationId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKeys.members(organizationId) }),
  });
}
