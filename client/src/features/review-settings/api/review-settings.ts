import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { ReviewSettingsDetailsDto, ReviewSettingsDto } from '../../../api/generated/types.gen';
import { reviewSettingsSaveSettings, reviewSettingsSettings } from '../../../api/sdk';
import { reviewSettingsKeys } from './review-settings-keys';

export function useReviewSettings(organizationId: string) {
  return useQuery({
    queryKey: reviewSettingsKeys.settings(organizationId),
    queryFn: async ({ signal }): Promise<ReviewSettingsDetailsDto> => (await reviewSettingsSettings({ path: { id: organizationId }, signal })).data,
  });
}

export function useSaveReviewSettings(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ReviewSettingsDto) => (await reviewSettingsSaveSettings({ path: { id: organizationId }, body })).data,
    onSuccess: (saved) => queryClient.setQueryData(reviewSettingsKeys.settings(organizationId), saved),
  });
}
