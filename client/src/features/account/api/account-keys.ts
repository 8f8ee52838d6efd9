// Query keys of the account feature. The current user itself lives under userKeys.me().
export const accountKeys = {
  all: ['account'] as const,
  ownerCheck: () => [...accountKeys.all, 'owner-check'] as const,
  twoFactor: () => [...accountKeys.all, 'two-factor'] as const,
  sessions: () => [...accountKeys.all, 'sessions'] as const,
  passkeys: () => [...accountKeys.all, 'passkeys'] as const,
  twoFactorPolicy: () => [...accountKeys.all, 'two-factor-policy'] as const,
};
