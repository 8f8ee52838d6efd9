// Query keys of the auth feature (its one query is the e-mail confirmation link).
export const authKeys = {
  all: ['auth'] as const,
  confirmations: () => [...authKeys.all, 'confirm-email'] as const,
  confirmation: (user: string, token: string) => [...authKeys.confirmations(), { user, token }] as const,
};
