// Query-key factories (TkDodo style): invalidate by prefix after a mutation.
export const userKeys = {
  all: ['users'] as const,
  me: () => [...userKeys.all, 'me'] as const,
};

// Sanctions list imports (super-admins).
export const sanctionsListKeys = {
  all: ['sanctions-lists'] as const,
  imports: () => [...sanctionsListKeys.all, 'imports'] as const,
  importPage: (page: number, pageSize: number) => [...sanctionsListKeys.imports(), { page, pageSize }] as const,
  rescreens: () => [...sanctionsListKeys.all, 'rescreens'] as const,
};

// The instance's accuracy report (super-admins).
export const accuracyReportKeys = {
  latest: ['accuracy-reports', 'latest'] as const,
};

// The stored faces' embedding models and their move (super-admins).
export const faceModelKeys = {
  status: ['admin', 'face-models'] as const,
};

// The operator's password policy: read by every form that sets a password.
export const passwordKeys = {
  all: ['password'] as const,
  policy: () => [...passwordKeys.all, 'policy'] as const,
};

// The root of every applicant query: what a change that touches many applicants at once,
// such as a retention run, invalidates.
export const APPLICANTS_ROOT_KEY = ['applicants'] as const;

// Query keys of applicants, shared by the features that read or change one (the list's page key is
// features/applicants', the reviewer's reads are features/review's): invalidate by prefix after a mutation.
export const applicantKeys = {
  all: APPLICANTS_ROOT_KEY,
  lists: () => [...applicantKeys.all, 'list'] as const,
  details: () => [...applicantKeys.all, 'detail'] as const,
  detail: (organizationId: string, userId: string) => [...applicantKeys.details(), organizationId, userId] as const,
  activities: (organizationId: string, userId: string) => [...applicantKeys.detail(organizationId, userId), 'activity'] as const,
  checks: (organizationId: string, userId: string) => [...applicantKeys.detail(organizationId, userId), 'checks'] as const,
};
