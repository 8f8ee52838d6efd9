export const reviewSettingsKeys = {
  all: ['review-settings'] as const,
  settings: (organizationId: string) => [...reviewSettingsKeys.all, organizationId, 'settings'] as const,
  labels: (organizationId: string) => [...reviewSettingsKeys.all, organizationId, 'labels'] as const,
};
