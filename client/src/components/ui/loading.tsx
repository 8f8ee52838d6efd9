import { Spinner } from './spinner';

import './loading.css';

export interface LoadingProps {
  /** Shown while loading; replaced by 'Loading Failed' when `error` is set. */
  message?: string;
  error?: unknown;
  /** Centres the indicator in the whole viewport, for route-level waits. */
  fullPage?: boolean;
}

export function Loading({ message = 'Loading...', error, fullPage = false }: LoadingProps) {
  const failed = error !== undefined && error !== null && error !== false;
  return (
    <div
      className={['loading', fullPage ? 'loading-full-page' : ''].filter(Boolean).join(' ')}
      role={failed ? 'alert' : 'status'}
    >
      {failed ? (
        <svg className="loading-failed-icon" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M12 8v4.5m0 3.5h.01M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0z" />
        </svg>
      ) : (
        <Spinner size="large" />
      )}
      <p className="loading-message">{failed ? 'Loading Failed' : message}</p>
    </div>
  );
}
