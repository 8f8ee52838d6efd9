import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { DecisionLabelDto, DecisionLabelInputDto } from '../../../api/generated/types.gen';
import { reviewSettingsCreateLabel, reviewSettingsListLabels, reviewSettingsRemoveLabel, reviewSettingsUpdateLabel } from '../../../api/sdk';
import { reviewSettingsKeys } from './review-settings-keys';

export function useLabels(organizationId: string) {
  return useQuery({
    queryKey: reviewSettingsKeys.labels(organizationId),
    queryFn: async ({ signal }): Promise<DecisionLabelDto[]> => (await reviewSettingsListLabels({ path: { id: organizationId }, signal })).data,
  });
}

/** Creates a label (no id) or saves one; the list loads again. */
export function useSaveLabel(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id?: string; body: DecisionLabelInputDto }) =>
      id
        ? (await reviewSettingsUpdateLabel({ path: { id: organizationId, labelId: id }, body })).data
        : (await reviewSettingsCreateLabel({ path: { id: organizationId }, body })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewSettingsKeys.labels(organizationId) }),
  });
}

/** Deletes a label never used; the server archives one in use instead (answers { archived: true }). */
export function useRemoveLabel(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (labelId: string) => (await reviewSettingsRemoveLabel({ path: { id: organizationId, labelId } })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewSettingsKeys.labels(organizationId) }),
  });
}
