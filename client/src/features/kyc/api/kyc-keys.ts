// Query keys of the verification page. Everything is scoped to the link the page was
// opened with: a server-created session link (its secret), or the specification's public
// companyKey link (the organization's companyKey and the integrator's id for the user).

/** How the end user arrived: `/kyc?session=…` or `/kyc?companyKey=…&userId=…`. */
export type KycLink = { kind: 'session'; secret: string } | { kind: 'companyKey'; companyKey: string; userId: string };

/** One text per link: a new link is a new page (React key), nothing of another may carry over. */
export function linkKey(link: KycLink): string {
  return link.kind === 'session' ? `session\n${link.secret}` : `companyKey\n${link.companyKey}\n${link.userId}`;
}

export const kycKeys = {
  all: ['kyc'] as const,
  link: (link: KycLink) =>
    link.kind === 'session'
      ? ([...kycKeys.all, 'session-link', link.secret] as const)
      : ([...kycKeys.all, 'company-key', link.companyKey, link.userId] as const),
  token: (link: KycLink) => [...kycKeys.link(link), 'token'] as const,
  session: (link: KycLink) => [...kycKeys.link(link), 'session'] as const,
};
