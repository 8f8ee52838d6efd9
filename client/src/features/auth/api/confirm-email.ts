import { queryOptions, useQuery } from '@tanstack/react-query';

import { isApiError } from '../../../api/client';
import type { MessageDto } from '../../../api/generated/types.gen';
import { authEmailsConfirmEmail } from '../../../api/sdk';
import { authKeys } from './auth-keys';

export const CONFIRM_EMAIL_MAX_RETRIES = 2;

export async function confirmEmail(user: string, token: string): Promise<MessageDto> {
  const { data } = await authEmailsConfirmEmail({ query: { token, user } });
  return data;
}

/** Spec §7: retried up to 2 times unless the answer is 400 (a bad link stays bad). */
export function shouldRetryConfirmation(failureCount: number, error: Error): boolean {
  if (isApiError(error) && error.status === 400) return false;
  return failureCount < CONFIRM_EMAIL_MAX_RETRIES;
}

// A POST run as a query: the link is followed once when the page opens, never again on
// focus, reconnect or remount (the token is single-use).
export const confirmEmailQueryOptions = (user: string, token: string) =>
  queryOptions({
    queryKey: authKeys.confirmation(user, token),
    queryFn: () => confirmEmail(user, token),
    enabled: user !== '' || token !== '',
    retry: shouldRetryConfirmation,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    refetchOnMount: false,
    staleTime: Infinity,
  });

export function useConfirmEmail(user: string, token: string) {
  return useQuery(confirmEmailQueryOptions(user, token));
}
