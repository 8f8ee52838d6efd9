import type { RetentionPolicy } from './organization.entity.js';

/** The settings' bounds, in days: from 30 days to 10 years after a decision; abandoned verifications a day to a year. */
export const RETENTION_LIMITS = {
  imagesDays: { min: 30, max: 3650 },
  identityDays: { min: 30, max: 3650 },
  abandonedDays: { min: 1, max: 365 },
} as const satisfies Record<keyof RetentionPolicy, { min: number; max: number }>;

export const NO_RETENTION_POLICY: RetentionPolicy = { imagesDays: null, identityDays: null, abandonedDays: null };
