import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router-dom';

import type { CurrentUser } from '../api/current-user';
import { userKeys } from '../api/query-keys';
import { AppProviders } from '../app/providers';
import { mockFetch, type MockResponse } from './mock-fetch';
import { buildUser } from './users';

export interface ApiCall {
  method: string;
  url: string;
  /** The parsed JSON body, if any. */
  body: unknown;
}

export type ApiRoute = (method: string, url: string, body: unknown) => MockResponse | undefined;

export interface RenderRouteOptions {
  /** The URL the memory router starts at (may carry a query string). */
  path: string;
  /** Route pattern for `ui`; defaults to the pathname of `path`. */
  pattern?: string;
  /** A whole route table instead of `ui` at `pattern` (guards, layouts). */
  routes?: RouteObject[];
  /** The signed-in user (null: a visitor). Prefilled, so pages render at once. */
  me?: CurrentUser | null;
  /** Canned answers; GET /api/users/me falls back to `me`, anything else to 404. */
  api?: ApiRoute;
}

/** Shows where a navigation ended, for pages that leave the page under test. */
export function Elsewhere() {
  const location = useLocation();
  return <p data-testid="elsewhere">{`${location.pathname}${location.search}`}</p>;
}

/**
 * Renders `ui` inside the app's providers and a memory router, with fetch answering from
 * `api`. Returns the router (where did it navigate?), the recorded calls, the query client
 * and a userEvent instance.
 */
export function renderRoute(ui: ReactNode, options: RenderRouteOptions) {
  const { path, api } = options;
  const me = options.me === undefined ? buildUser() : options.me;
  const calls: ApiCall[] = [];

  const fetchMock = mockFetch((url, init) => {
    const method = init?.method ?? 'GET';
    let body: unknown;
    if (typeof init?.body === 'string') {
      try {
        body = JSON.parse(init.body) as unknown;
      } catch {
        body = init.body;
      }
    }
    calls.push({ method, url, body });
    const answer = api?.(method, url, body);
    if (answer) return answer;
    if (method === 'GET' && url === '/api/users/me') {
      return me ? { body: me } : { status: 401, body: { statusCode: 401, message: 'Unauthorized' } };
    }
    return undefined;
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
    router,
    queryClient,
    fetchMock,
    user: userEvent.setup(),
    /** The calls made so far with this method and URL (the URL without origin, with its query). */
    callsTo: (method: string, url: string) => calls.filter((call) => call.method === method && call.url === url),
    calls,
  };
}
