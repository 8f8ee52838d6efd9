import { useMutation, useQueryClient } from '@tanstack/react-query';

import { hasErrorCode } from '../../../api/client';
import type { ApplicantDetailsDto, FaceBlocklistEntryDto } from '../../../api/generated/types.gen';
import { faceBlocklistBlock, faceBlocklistUnblock } from '../../../api/sdk';
import { applicantKeys } from '../../../api/query-keys';

export type FaceBlocklistAction = { kind: 'block'; reason: string } | { kind: 'unblock' };

/** Puts the applicant's selfie face on the organization's blocklist (the entry), or takes it off (null). */
export async function changeFaceBlocklist(organizationId: string, userId: string, action: FaceBlocklistAction): Promise<FaceBlocklistEntryDto | null> {
  const path = { id: organizationId, userId };
  if (action.kind === 'block') return (await faceBlocklistBlock({ path, body: { reason: action.reason } })).data;
  await faceBlocklistUnblock({ path });
  return null;
}

/** The blocklist already says otherwise: someone else listed or unlisted the face meanwhile. */
function isStaleBlocklist(error: unknown): boolean {
  return hasErrorCode(error, 'FACE_ALREADY_BLOCKLISTED', 409) || hasErrorCode(error, 'FACE_NOT_BLOCKLISTED', 404);
}

/**
 * Marks the face fraudulent or takes it off the list (each audited). The answer replaces
 * the details' `faceBlocklist`, and the activity loads again; when someone else changed
 * the list first, the details load again to show it.
 */
export function useFaceBlocklist(organizationId: string, userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: FaceBlocklistAction) => changeFaceBlocklist(organizationId, userId, action),
    onSuccess: (entry) => {
      queryClient.setQueryData<ApplicantDetailsDto>(applicantKeys.detail(organizationId, userId), (current) =>
        current ? { ...current, faceBlocklist: entry } : current,
      );
      return queryClient.invalidateQueries({ queryKey: applicantKeys.activities(organizationId, userId) });
    },
    onError: (error) => {
      if (isStaleBlocklist(error)) void queryClient.invalidateQueries({ queryKey: applicantKeys.detail(organizationId, userId) });
    },
  });
}
