import { reviewSettingsQueryKey } from '../../../api/review-settings';

export const reviewSettingsKeys = {
  all: ['review-settings'] as const,
  settings: reviewSettingsQueryKey,
  labels: (organizationId: string) => [...reviewSettingsKeys.all, organizationId, 'labels'] as const,
};
