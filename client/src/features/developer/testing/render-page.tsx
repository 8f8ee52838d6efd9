import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';

import type { CurrentUser } from '../../../api/current-user';
import { AppProviders } from '../../../app/providers';
import { mockApi, type ApiHandlers } from '../../../testing/mock-api';
import { buildUser } from '../../../testing/users';

export interface RenderPageOptions {
  /** Where the page is mounted (and the first URL). */
  path: string;
  user?: CurrentUser;
  /** Answers by SDK operation; usersMe answers `user`, anything unanswered 404. */
  api?: ApiHandlers;
}

function Elsewhere() {
  const location = useLocation();
  return <p data-testid="elsewhere">{location.pathname}</p>;
}

/** Renders one developer page with the app's providers, a fresh cache and a canned API. */
export function renderPage(page: ReactElement, { path, user = buildUser(), api }: RenderPageOptions) {
  const mocked = mockApi({ usersMe: { body: user }, ...api });
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
  return { ...view, ...mocked, router, queryClient };
}
