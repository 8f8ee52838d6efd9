import { useQuery } from '@tanstack/react-query';

import type { ReviewSettingsDetailsDto } from './generated/types.gen';
import { reviewSettingsSettings } from './sdk';

/** The review settings' query key: the settings page saves under it, the list reads the SLA from it. */
export const reviewSettingsQueryKey = (organizationId: string) => ['review-settings', organizationId, 'settings'] as const;

/** The organization's review settings (four-eyes, SLA, undo window): every member may read them. */
export function useReviewSettings(organizationId: string) {
  return useQuery({
    queryKey: reviewSettingsQueryKey(organizationId),
    queryFn: async ({ signal }): Promise<ReviewSettingsDetailsDto> => (await reviewSettingsSettings({ path: { id: organizationId }, signal })).data,
  });
}
