import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';

import { NotFoundScreen } from '../components/errors/not-found-screen';
import { RouteErrorScreen } from '../components/errors/route-error-screen';
import { Loading } from '../components/ui/loading';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';
import { GuestOnly, RequireAuth, RequireRole } from './route-guards';

// The whole route table of spec §2. Every page is a lazy route so the landing page
// downloads only its own code.

// The signed-in frame (top bar, user menu) and the settings sidebar load with the first
// signed-in page, not with the landing page.
const dashboardLayout = async () => {
  const { DashboardLayout } = await import('./layouts/dashboard-layout');
  return { Component: DashboardLayout };
};

const settingsLayout = async () => {
  const { SettingsLayout } = await import('./layouts/settings-layout');
  return { Component: SettingsLayout };
};

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    hydrateFallbackElement: <Loading fullPage />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          {
            index: true,
            lazy: async () => {
              const { LandingPage } = await import('../features/landing/landing-page');
              return { Component: LandingPage };
            },
          },
          {
            path: 'privacy',
            lazy: async () => {
              const { PrivacyPage } = await import('../features/privacy/privacy-page');
              return { Component: PrivacyPage };
            },
          },
        ],
      },

      // Guest-only: signed-in users are sent to /dashboard.
      {
        element: <GuestOnly />,
        children: [
          {
            path: 'login',
            lazy: async () => {
              const { LoginPage } = await import('../features/auth/login-page');
              return { Component: LoginPage };
            },
          },
          {
            path: 'register',
            lazy: async () => {
              const { RegisterPage } = await import('../features/auth/register-page');
              return { Component: RegisterPage };
            },
          },
          {
            path: 'register/demo',
            lazy: async () => {
              const { RegisterDemoPage } = await import('../features/demo/pages/register-demo-page');
              return { Component: RegisterDemoPage };
            },
          },
          {
            path: 'kyc',
            lazy: async () => {
              const { KycPage } = await import('../features/kyc/kyc-page');
              return { Component: KycPage };
            },
          },
        ],
      },

      // Public, usable signed in or not.
      {
        // The "Try Demo" page belongs to the public site: its header and footer around it.
        path: 'demo',
        element: <PublicLayout />,
        children: [
          {
            index: true,
            lazy: async () => {
              const { DemoPage } = await import('../features/demo/pages/demo-page');
              return { Component: DemoPage };
            },
          },
        ],
      },
      {
        path: 'password-reset',
        lazy: async () => {
          const { PasswordResetPage } = await import('../features/auth/password-reset-page');
          return { Component: PasswordResetPage };
        },
      },
      {
        path: 'confirm-email',
        lazy: async () => {
          const { ConfirmEmailPage } = await import('../features/auth/confirm-email-page');
          return { Component: ConfirmEmailPage };
        },
      },
      {
        path: 'unlock-second-factor',
        lazy: async () => {
          const { UnlockSecondFactorPage } = await import('../features/auth/unlock-second-factor-page');
          return { Component: UnlockSecondFactorPage };
        },
      },

      // Signed in: guests are sent to /login.
      {
        path: 'dashboard',
        element: <RequireAuth />,
        children: [
          {
            lazy: dashboardLayout,
            children: [
              { index: true, element: <Navigate to="select" replace /> },
              {
                path: 'select',
                lazy: async () => {
                  const { SelectOrganizationPage } = await import('../features/organizations/pages/select-organization-page');
                  return { Component: SelectOrganizationPage };
                },
              },
              {
                path: 'create',
                lazy: async () => {
                  const { CreateOrganizationPage } = await import('../features/organizations/pages/create-organization-page');
                  return { Component: CreateOrganizationPage };
                },
              },
              {
                path: 'user/me',
                lazy: settingsLayout,
                children: [
                  {
                    index: true,
                    lazy: async () => {
                      const { AccountPage } = await import('../features/account/account-page');
                      return { Component: AccountPage };
                    },
                  },
                  {
                    path: 'security',
                    lazy: async () => {
                      const { SecurityPage } = await import('../features/account/security-page');
                      return { Component: SecurityPage };
                    },
                  },
                  {
                    path: 'update',
                    lazy: async () => {
                      const { UpdateProfilePage } = await import('../features/account/update-profile-page');
                      return { Component: UpdateProfilePage };
                    },
                  },
                  {
                    path: 'delete',
                    lazy: async () => {
                      const { DeleteAccountPage } = await import('../features/account/delete-account-page');
                      return { Component: DeleteAccountPage };
                    },
                  },
                  {
                    path: 'confirm-email',
                    lazy: async () => {
                      const { SendConfirmationPage } = await import('../features/account/send-confirmation-page');
                      return { Component: SendConfirmationPage };
                    },
                  },
                  {
                    path: 'change-email',
                    lazy: async () => {
                      const { ChangeEmailPage } = await import('../features/account/change-email-page');
                      return { Component: ChangeEmailPage };
                    },
                  },
                  {
                    path: 'change-password',
                    lazy: async () => {
                      const { ChangePasswordPage } = await import('../features/account/change-password-page');
                      return { Component: ChangePasswordPage };
                    },
                  },
                  {
                    element: <RequireRole role="super-admin" />,
                    children: [
                      {
                        path: 'create',
                        lazy: async () => {
                          const { CreateUserPage } = await import('../features/admin/create-user-page');
                          return { Component: CreateUserPage };
                        },
                      },
                      {
                        path: 'sanctions-lists',
                        lazy: async () => {
                          const { SanctionsListsPage } = await import('../features/admin/sanctions-lists-page');
                          return { Component: SanctionsListsPage };
                        },
                      },
                      {
                        path: 'accuracy',
                        lazy: async () => {
                          const { AccuracyReportPage } = await import('../features/admin/accuracy-report-page');
                          return { Component: AccuracyReportPage };
                        },
                      },
                      {
                        path: 'face-models',
                        lazy: async () => {
                          const { FaceModelsPage } = await import('../features/admin/face-models-page');
                          return { Component: FaceModelsPage };
                        },
                      },
                      {
                        path: 'manage-permission',
                        lazy: async () => {
                          const { PermissionManagerPage } = await import('../features/admin/permission-manager-page');
                          return { Component: PermissionManagerPage };
                        },
                      },
                    ],
                  },
                  {
                    path: 'developer',
                    children: [
                      {
                        index: true,
                        lazy: async () => {
                          const { DocumentationPage } = await import('../features/developer/pages/documentation-page');
                          return { Component: DocumentationPage };
                        },
                      },
                      {
                        path: 'keys',
                        lazy: async () => {
                          const { ApiKeyPage } = await import('../features/developer/pages/api-key-page');
                          return { Component: ApiKeyPage };
                        },
                      },
                      {
                        path: 'webhooks',
                        lazy: async () => {
                          const { WebhooksPage } = await import('../features/developer/pages/webhooks-page');
                          return { Component: WebhooksPage };
                        },
                      },
                      {
                        path: 'webhooks/change-webhook',
                        lazy: async () => {
                          const { ChangeWebhookPage } = await import('../features/developer/pages/change-webhook-page');
                          return { Component: ChangeWebhookPage };
                        },
                      },
                      {
                        path: 'redirect-url',
                        lazy: async () => {
                          const { RedirectUrlPage } = await import('../features/developer/pages/redirect-url-page');
                          return { Component: RedirectUrlPage };
                        },
                      },
                      {
                        path: 'redirect-url/change-redirect-url',
                        lazy: async () => {
                          const { ChangeRedirectUrlPage } = await import('../features/developer/pages/change-redirect-url-page');
                          return { Component: ChangeRedirectUrlPage };
                        },
                      },
                    ],
                  },
                ],
              },
              {
                path: ':organizationId',
                lazy: async () => {
                  const { OrganizationLayout } = await import('../features/organizations/components/organization-layout');
                  return { Component: OrganizationLayout };
                },
                children: [
                  {
                    index: true,
                    lazy: async () => {
                      const { OrganizationHomePage } = await import('../features/organizations/pages/organization-home-page');
                      return { Component: OrganizationHomePage };
                    },
                  },
                  {
                    path: 'members',
                    lazy: async () => {
                      const { MembersPage } = await import('../features/organizations/pages/members-page');
                      return { Component: MembersPage };
                    },
                  },
                  {
                    path: 'tags',
                    lazy: async () => {
                      const { TagsPage } = await import('../features/review/pages/tags-page');
                      return { Component: TagsPage };
                    },
                  },
                  {
                    path: 'integration',
                    lazy: async () => {
                      const { IntegrationPage } = await import('../features/organizations/pages/integration-page');
                      return { Component: IntegrationPage };
                    },
                  },
                  {
                    path: 'integration/policy',
                    lazy: async () => {
                      const { VerificationPolicyPage } = await import('../features/organizations/pages/verification-policy-page');
                      return { Component: VerificationPolicyPage };
                    },
                  },
                  {
                    path: 'activity',
                    lazy: async () => {
                      const { OrganizationActivityPage } = await import('../features/review/pages/organization-activity-page');
                      return { Component: OrganizationActivityPage };
                    },
                  },
                  {
                    path: 'settings',
                    lazy: async () => {
                      const { OrganizationSettingsPage } = await import('../features/organizations/pages/organization-settings-page');
                      return { Component: OrganizationSettingsPage };
                    },
                  },
                  {
                    path: 'review-settings',
                    lazy: async () => {
                      const { ReviewSettingsPage } = await import('../features/review-settings/pages/review-settings-page');
                      return { Component: ReviewSettingsPage };
                    },
                  },
                  {
                    path: 'applicants',
                    children: [
                      {
                        index: true,
                        lazy: async () => {
                          const { ApplicantsListPage } = await import('../features/applicants/pages/applicants-list-page');
                          return { Component: ApplicantsListPage };
                        },
                      },
                      {
                        // Composed from several features, so it lives in app/routes.
                        path: ':userId',
                        lazy: async () => {
                          const { ApplicantDetailsPage } = await import('./routes/applicant-details');
                          return { Component: ApplicantDetailsPage };
                        },
                      },
                      {
                        path: ':userId/edit',
                        lazy: async () => {
                          const { EditApplicantPage } = await import('../features/review/pages/edit-applicant-page');
                          return { Component: EditApplicantPage };
                        },
                      },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },

      { path: '*', element: <NotFoundScreen /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
