// Query keys of the roles (permission matrix), TkDodo style. The signed-in account's own
// rights come with it (userKeys.me()), not from here.
export const roleKeys = {
  all: ['roles'] as const,
  lists: () => [...roleKeys.all, 'list'] as const,
  details: () => [...roleKeys.all, 'detail'] as const,
  detail: (name: string) => [...roleKeys.details(), name] as const,
};
