/**
 * Accounts authenticated by an API key on this request (AuthenticationMiddleware adds the
 * request's account object). A super-admin's reach into every organization belongs to the
 * person at the dashboard, not to a key that may sit in an integrator's server: with a key,
 * a super-admin acts only where they are a member, like anyone else.
 */
const apiKeyCallers = new WeakSet<object>();

export function markApiKeyCaller(user: object): void {
  apiKeyCallers.add(user);
}

/** Whether the caller enters every organization (a super-admin signed in, not by API key). */
export function reachesEveryOrganization(user: { role: string }): boolean {
  return user.role === 'super-admin' && !apiKeyCallers.has(user);
}
