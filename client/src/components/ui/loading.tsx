import { getErrorMessage } from '../../api/client';
import { Button } from './button';
import { Spinner } from './spinner';

import './loading.css';

export interface LoadingProps {
  /** Shown while loading; replaced by 'Loading Failed' when `error` is set. */
  message?: string;
  error?: unknown;
  /** Centres the indicator in the whole viewport, for route-level waits. */
  fullPage?: boolean;
  /** Tries the failed request again (e.g. the query's refetch); without it, Retry reloads the page. */
  onRetry?: () => void;
}

function goBack() {
  if (window.history.length > 1) window.history.back();
  else window.location.assign('/dashboard');
}

/** A wait, or a failure that says what went wrong and offers Retry and a way back: never a dead end. */
export function Loading({ message = 'Loading...', error, fullPage = false, onRetry }: LoadingProps) {
  const failed = error !== undefined && error !== null && error !== false;
  return (
    <div className={['loading', fullPage ? 'loading-full-page' : ''].filter(Boolean).join(' ')} role={failed ? 'alert' : 'status'}>
      {failed ? (
        <svg className="loading-failed-icon" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M12 8v4.5m0 3.5h.01M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0z" />
        </svg>
      ) : (
        <Spinner size="large" />
      )}
      <p className="loading-message">{failed ? 'Loading Failed' : message}</p>
      {failed && (
        <>
          <p className="loading-detail">{getErrorMessage(error)}</p>
          <div className="loading-actions">
            <Button variant="primary" onClick={onRetry ?? (() => window.location.reload())}>
              Retry
            </Button>
            <Button variant="outline" onClick={goBack}>
              Go back
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
