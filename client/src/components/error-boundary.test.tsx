import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { ErrorBoundary } from './error-boundary';

function Broken(): never {
  throw new Error('widget exploded');
}

describe('<ErrorBoundary>', () => {
  it('replaces only the failing element with the fallback', () => {
    // React logs the caught error; the fallback is what matters here.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <>
        <p>Rest of the page</p>
        <ErrorBoundary>
          <Broken />
        </ErrorBoundary>
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The product encountered an error loading this element.');
    expect(screen.getByText('Rest of the page')).toBeInTheDocument();
  });

  it('renders its children when nothing fails', () => {
    render(
      <ErrorBoundary>
        <p>Applicant details</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText('Applicant details')).toBeInTheDocument();
  });
});
