import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { ReviewSettingsDto } from '../../../api/generated/types.gen';
import { reviewSettingsSaveSettings } from '../../../api/sdk';
import { reviewSettingsKeys } from './review-settings-keys';

export function useSaveReviewSettings(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ReviewSettingsDto) => (await reviewSettingsSaveSettings({ path: { id: organizationId }, body })).data,
    onSuccess: (saved) => queryClient.setQueryData(reviewSettingsKeys.settings(organizationId), saved),
  });
}
