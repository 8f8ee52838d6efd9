// Query-key factories (TkDodo style): invalidate by prefix after a mutation.
export const userKeys = {
  all: ['users'] as const,
  me: () => [...userKeys.all, 'me'] as const,
};
