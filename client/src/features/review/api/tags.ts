import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { CreateTagDto, UpdateTagDto } from '../../../api/generated/types.gen';
import { applicantKeys } from '../../../api/query-keys';
import { applicantTagsAdd, applicantTagsRemove, tagsCreate, tagsRemove, tagsUpdate } from '../../../api/sdk';
import { tagKeys } from '../../../api/tags';

/** Create, rename/recolour or delete one of the organization's tags (owner and admins). */
export function useTagEditor(organizationId: string) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: tagKeys.list(organizationId) }), queryClient.invalidateQueries({ queryKey: applicantKeys.all })]);
  const path = { id: organizationId };
  return {
    create: useMutation({ mutationFn: (body: CreateTagDto) => tagsCreate({ path, body }), onSuccess: refresh }),
    update: useMutation({
      mutationFn: ({ tagId, ...body }: UpdateTagDto & { tagId: string }) => tagsUpdate({ path: { ...path, tagId }, body }),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: (tagId: string) => tagsRemove({ path: { ...path, tagId } }), onSuccess: refresh }),
  };
}

/** Put a tag on an applicant, or take it off. */
export function useApplicantTagging(organizationId: string, userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ tagId, add }: { tagId: string; add: boolean }) => {
      const path = { id: organizationId, userId, tagId };
      const { data } = add ? await applicantTagsAdd({ path }) : await applicantTagsRemove({ path });
      return data;
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: applicantKeys.detail(organizationId, userId) }),
        queryClient.invalidateQueries({ queryKey: applicantKeys.lists() }),
      ]),
  });
}
