// Query keys of the verification page. Everything is scoped to one applicant: the
// integrator's organization (companyKey) and its own id for the end user (userId).

export interface ApplicantRef {
  companyKey: string;
  userId: string;
}

export const kycKeys = {
  all: ['kyc'] as const,
  applicant: ({ companyKey, userId }: ApplicantRef) => [...kycKeys.all, companyKey, userId] as const,
  token: (ref: ApplicantRef) => [...kycKeys.applicant(ref), 'token'] as const,
  session: (ref: ApplicantRef) => [...kycKeys.applicant(ref), 'session'] as const,
};
