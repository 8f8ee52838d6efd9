import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';

import type { CurrentUser } from '../../../api/current-user';
import { AppProviders } from '../../../app/providers';
import { mockFetch, type MockResponse } from '../../../testing/mock-fetch';
import { buildUser } from '../../../testing/users';

export interface RenderPageOptions {
  /** Where the page is mounted (and the first URL). */
  path: string;
  user?: CurrentUser;
  /** Answers for every call but GET /api/users/me; undefined means 404. */
  api?: (method: string, url: string, body: unknown) => MockResponse | undefined;
}

function Elsewhere() {
  const location = useLocation();
  return <p data-testid="elsewhere">{location.pathname}</p>;
}

/** Renders one developer page with the app's providers, a fresh cache and a canned API. */
export function renderPage(page: ReactElement, { path, user = buildUser(), api }: RenderPageOptions) {
  const fetchMock = mockFetch((url, init) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/users/me' && method === 'GET') return { body: user };
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    return api?.(method, url, body);
  });
  const router = createMemoryRouter(
    [
      { path, element: page },
      { path: '*', element: <Elsewhere /> },
    ],
    { initialEntries: [path] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  /** The calls made to `method url` (users/me excluded). */
  const calls = (method: string, url: string) =>
    fetchMock.mock.calls.filter(([input, init]) => String(input) === url && (init?.method ?? 'GET') === method);
  return { ...view, router, queryClient, fetchMock, calls };
}
