import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';

import { NotFoundScreen } from '../components/errors/not-found-screen';
import { RouteErrorScreen } from '../components/errors/route-error-screen';
import { Loading } from '../components/ui/loading';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';
import { GuestOnly, RequireAuth, RequireRole } from './route-guards';

// The whole route table of spec §2. Every page is a lazy route so the landing page
// downloads only its own code. Screens that later issues build share one placeholder;
// each feature replaces its `lazy: notAvailable` with an import of its page.

const notAvailable = async () => {
  const { NotAvailable } = await import('../components/not-available');
  return { Component: NotAvailable };
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
          { path: 'login', lazy: notAvailable },
          { path: 'register', lazy: notAvailable },
          { path: 'register/demo', lazy: notAvailable },
          { path: 'kyc', lazy: notAvailable },
        ],
      },

      // Public, usable signed in or not.
      { path: 'demo', lazy: notAvailable },
      { path: 'password-reset', lazy: notAvailable },
      { path: 'confirm-email', lazy: notAvailable },

      // Signed in: guests are sent to /login.
      {
        path: 'dashboard',
        element: <RequireAuth />,
        children: [
          { index: true, element: <Navigate to="select" replace /> },
          { path: 'select', lazy: notAvailable },
          { path: 'create', lazy: notAvailable },
          {
            path: 'user/me',
            children: [
              { index: true, lazy: notAvailable },
              { path: 'security', lazy: notAvailable },
              { path: 'update', lazy: notAvailable },
              { path: 'delete', lazy: notAvailable },
              { path: 'confirm-email', lazy: notAvailable },
              { path: 'change-email', lazy: notAvailable },
              { path: 'change-password', lazy: notAvailable },
              {
                element: <RequireRole role="super-admin" />,
                children: [
                  { path: 'create', lazy: notAvailable },
                  { path: 'manage-permission', lazy: notAvailable },
                ],
              },
              {
                path: 'developer',
                children: [
                  { index: true, lazy: notAvailable },
                  { path: 'keys', lazy: notAvailable },
                  { path: 'webhooks', lazy: notAvailable },
                  { path: 'webhooks/change-webhook', lazy: notAvailable },
                  { path: 'redirect-url', lazy: notAvailable },
                  { path: 'redirect-url/change-redirect-url', lazy: notAvailable },
                ],
              },
            ],
          },
          {
            path: ':organizationId',
            children: [
              { index: true, lazy: notAvailable },
              {
                path: 'applicants',
                children: [
                  { index: true, lazy: notAvailable },
                  { path: ':userId', lazy: notAvailable },
                  { path: ':userId/edit', lazy: notAvailable },
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
