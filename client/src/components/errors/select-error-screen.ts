import { isRouteErrorResponse } from 'react-router-dom';

import { isApiError } from '../../api/client';
import { UnauthorizedAccessError } from '../../lib/errors';

export type ErrorScreenKind = 'unauthorized' | 'not-found' | 'generic';

/** Spec §2: an unauthorized-access error or 403 → Unauthorized; 404 → Not found; else generic. */
export function selectErrorScreen(error: unknown): ErrorScreenKind {
  if (error instanceof UnauthorizedAccessError) return 'unauthorized';
  let status: number | undefined;
  if (isRouteErrorResponse(error)) status = error.status;
  else if (isApiError(error)) status = error.status;
  if (status === 401 || status === 403) return 'unauthorized';
  if (status === 404) return 'not-found';
  return 'generic';
}
