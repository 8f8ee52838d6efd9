import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { AddMemberDto, MemberDto } from '../../../api/generated/types.gen';
import { membersAdd } from '../../../api/sdk';
import { organizationKeys } from './query-keys';

export async function addMember(organizationId: string, body: AddMemberDto): Promise<MemberDto> {
  const { data } = await membersAdd({ path: { id: organizationId }, body, throwOnError: true });
  return data;
}

export function useAddMember(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddMemberDto) => addMember(organizationId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKeys.members(organizationId) }),
  });
}
