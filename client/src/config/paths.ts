// URL builders for the route table in app/router.tsx, so features link to each
// other's screens without importing each other.

/** The applicants list's table, where the signed-in frame's "Skip to the queue" lands (`#queue`). */
export const QUEUE_ANCHOR = 'queue';

export const paths = {
  home: '/',
  features: '/#features',
  login: '/login',
  register: '/register',
  registerDemo: '/register/demo',
  demo: '/demo',
  kyc: '/kyc',
  privacy: '/privacy',
  passwordReset: '/password-reset',
  confirmEmail: '/confirm-email',
  unlockSecondFactor: '/unlock-second-factor',
  dashboard: {
    root: '/dashboard',
    select: '/dashboard/select',
    create: '/dashboard/create',
    organization: (organizationId: string | number) => `/dashboard/${organizationId}`,
    members: (organizationId: string | number) => `/dashboard/${organizationId}/members`,
    tags: (organizationId: string | number) => `/dashboard/${organizationId}/tags`,
    integration: (organizationId: string | number) => `/dashboard/${organizationId}/integration`,
    verificationPolicy: (organizationId: string | number) => `/dashboard/${organizationId}/integration/policy`,
    reviewSettings: (organizationId: string | number) => `/dashboard/${organizationId}/review-settings`,
    applicants: (organizationId: string | number) => `/dashboard/${organizationId}/applicants`,
    activity: (organizationId: string | number) => `/dashboard/${organizationId}/activity`,
    organizationSettings: (organizationId: string | number) => `/dashboard/${organizationId}/settings`,
    applicant: (organizationId: string | number, userId: string) => `/dashboard/${organizationId}/applicants/${encodeURIComponent(userId)}`,
    editApplicant: (organizationId: string | number, userId: string) => `/dashboard/${organizationId}/applicants/${encodeURIComponent(userId)}/edit`,
  },
  account: {
    root: '/dashboard/user/me',
    security: '/dashboard/user/me/security',
    update: '/dashboard/user/me/update',
    delete: '/dashboard/user/me/delete',
    confirmEmail: '/dashboard/user/me/confirm-email',
    changeEmail: '/dashboard/user/me/change-email',
    changePassword: '/dashboard/user/me/change-password',
    createAdmin: '/dashboard/user/me/create',
    managePermission: '/dashboard/user/me/manage-permission',
    sanctionsLists: '/dashboard/user/me/sanctions-lists',
    accuracyReport: '/dashboard/user/me/accuracy',
    faceModels: '/dashboard/user/me/face-models',
  },
  developer: {
    root: '/dashboard/user/me/developer',
    keys: '/dashboard/user/me/developer/keys',
    webhooks: '/dashboard/user/me/developer/webhooks',
    changeWebhook: '/dashboard/user/me/developer/webhooks/change-webhook',
    redirectUrl: '/dashboard/user/me/developer/redirect-url',
    changeRedirectUrl: '/dashboard/user/me/developer/redirect-url/change-redirect-url',
  },
} as const;
