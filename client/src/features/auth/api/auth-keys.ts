// Query keys of the auth feature: the e-mail confirmation link, the password policy and the single sign-on providers.
export const authKeys = {
  all: ['auth'] as const,
  confirmations: () => [...authKeys.all, 'confirm-email'] as const,
  confirmation: (user: string, token: string) => [...authKeys.confirmations(), { user, token }] as const,
  oidcProviders: () => [...authKeys.all, 'oidc-providers'] as const,
};
