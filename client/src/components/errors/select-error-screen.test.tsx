import { render, screen } from '@testing-library/react';
import { createMemoryRouter, data, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';

import { ApiError } from '../../api/client';
import { UnauthorizedAccessError } from '../../lib/errors';
import { RouteErrorScreen } from './route-error-screen';
import { selectErrorScreen } from './select-error-screen';

describe('selectErrorScreen', () => {
  it('gives Unauthorized for an unauthorized-access error or status 403', () => {
    expect(selectErrorScreen(new UnauthorizedAccessError())).toBe('unauthorized');
    expect(selectErrorScreen(new ApiError(403, 'Forbidden resource'))).toBe('unauthorized');
    expect(selectErrorScreen(new ApiError(401, 'Unauthorized'))).toBe('unauthorized');
  });

  it('gives Not found for status 404', () => {
    expect(selectErrorScreen(new ApiError(404, 'Applicant not found'))).toBe('not-found');
  });

  it('gives the generic screen for anything else', () => {
    expect(selectErrorScreen(new ApiError(500, 'Internal Server Error'))).toBe('generic');
    expect(selectErrorScreen(new TypeError('x is undefined'))).toBe('generic');
    expect(selectErrorScreen('boom')).toBe('generic');
    expect(selectErrorScreen(undefined)).toBe('generic');
  });
});

describe('<RouteErrorScreen> as the errorElement', () => {
  function renderFailingRoute(error: unknown) {
    const router = createMemoryRouter(
      [
        {
          path: '/',
          errorElement: <RouteErrorScreen />,
          loader: () => {
            throw error;
          },
          element: <p>never shown</p>,
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
  }

  it.each([
    [data(null, { status: 403 }), 'Unauthorized!'],
    [new ApiError(403, 'Forbidden'), 'Unauthorized!'],
    [data(null, { status: 404 }), 'Page not found!'],
    [new ApiError(404, 'Not Found'), 'Page not found!'],
    [new Error('render failed'), 'Something went wrong!'],
  ])('renders the right screen for %o', async (error, heading) => {
    // React Router reports loader errors to the console; that is expected here.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderFailingRoute(error);
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to home page' })).toHaveAttribute('href', '/');
  });

  it('Unauthorized! explains the missing permission; the generic screen asks to refresh', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderFailingRoute(new UnauthorizedAccessError());
    expect(await screen.findByText("You currently don't have permission to see this page.")).toBeInTheDocument();
  });
});
