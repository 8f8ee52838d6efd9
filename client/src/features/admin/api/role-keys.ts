// Query keys of the roles (permission matrix), TkDodo style.
export const roleKeys = {
  all: ['roles'] as const,
  lists: () => [...roleKeys.all, 'list'] as const,
  details: () => [...roleKeys.all, 'detail'] as const,
  detail: (name: string) => [...roleKeys.details(), name] as const,
};
