import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';

import { AppProviders } from '../app/providers';

/**
 * Renders one page at `path` (matched by `routePath`, e.g.
 * `/dashboard/:organizationId/applicants/:applicantId`) inside the real providers.
 * Other paths render 'Elsewhere', so a test can see that a navigation left the page.
 * Fetch is not mocked here: the test answers by operation with mockApi (testing/mock-api.ts).
 */
export function renderPage(page: ReactElement, routePath: string, path: string) {
  const router = createMemoryRouter(
    [
      { path: routePath, element: page },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}
