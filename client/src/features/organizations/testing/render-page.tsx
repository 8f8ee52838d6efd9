import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';

import { AppProviders } from '../../../app/providers';

/** Renders one page at `path` inside the real providers; other paths render 'Elsewhere'. */
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

export const ORGANIZATION_ID = '11111111-2222-4333-8444-555555555555';
