import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router-dom';

import type { CurrentUser } from '../api/current-user';
import { userKeys } from '../api/query-keys';
import { AppProviders } from '../app/providers';
import { apiError, mockApi, type ApiHandlers } from './mock-api';
import { buildUser } from './users';

export interface RenderRouteOptions {
  /** The URL the memory router starts at (may carry a query string). */
  path: string;
  /** Route pattern for `ui`; defaults to the pathname of `path`. */
  pattern?: string;
  /** A whole route table instead of `ui` at `pattern` (guards, layouts). */
  routes?: RouteObject[];
  /** The signed-in user (null: a visitor). Prefilled, so pages render at once. */
  me?: CurrentUser | null;
  /** Canned answers by SDK operation; usersMe falls back to `me`, anything else answers 404. */
  api?: ApiHandlers;
}

/** Shows where a navigation ended, for pages that leave the page under test. */
export function Elsewhere() {
  const location = useLocation();
  return <p data-testid="elsewhere">{`${location.pathname}${location.search}`}</p>;
}

/**
 * Renders `ui` inside the app's providers and a memory router, with fetch answering from
 * `api` (testing/mock-api.ts). Returns the router (where did it navigate?), the recorded
 * calls (`callsTo('authLogin')`), the query client and a userEvent instance.
 */
export function renderRoute(ui: ReactNode, options: RenderRouteOptions) {
  const { path, api } = options;
  const me = options.me === undefined ? buildUser() : options.me;

  const mocked = mockApi({
    usersMe: me ? { body: me } : apiError(401, 'SIGN_IN_REQUIRED', 'Unauthorized'),
    ...api,
  });

  const pattern = options.pattern ?? new URL(path, 'http://localhost').pathname;
  const routes = options.routes ?? [
    { path: pattern, element: ui },
    { path: '*', element: <Elsewhere /> },
  ];
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = new QueryClient({
    // As the app's client (lib/query-client.ts), minus retries and their delays.
    defaultOptions: { queries: { retry: false, retryDelay: 0, staleTime: 30_000 }, mutations: { retry: false } },
  });
  queryClient.setQueryData(userKeys.me(), me);

  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );

  return {
    ...mocked,
    router,
    queryClient,
    user: userEvent.setup(),
  };
}
