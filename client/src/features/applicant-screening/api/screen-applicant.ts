import { useMutation } from '@tanstack/react-query';

import type { ScreeningRequestDto } from '../../../api/generated/types.gen';
import { screeningRequestsRequest } from '../../../api/sdk';

/** "Screen now": queues the screening of an applicant never screened against a list (audited); answers with the lists it is screened against. */
export async function screenApplicant(organizationId: string, userId: string): Promise<ScreeningRequestDto> {
  const { data } = await screeningRequestsRequest({ path: { id: organizationId, userId } });
  return data;
}

export function useScreenApplicant(organizationId: string, userId: string) {
  return useMutation({ mutationFn: () => screenApplicant(organizationId, userId) });
}
