import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { OrganizationDetailsDto, VerificationSettingsDto } from '../../../api/generated/types.gen';
import { organizationsSetVerificationSettings } from '../../../api/sdk';
import { organizationKeys } from './query-keys';

/** organizationsSetVerificationSettings: how the verification page may be entered (owner or super-admin). */
export async function updateVerificationSettings(organizationId: string, body: VerificationSettingsDto): Promise<VerificationSettingsDto> {
  const { data } = await organizationsSetVerificationSettings({ path: { id: organizationId }, body });
  return data;
}

export function useUpdateVerificationSettings(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VerificationSettingsDto) => updateVerificationSettings(organizationId, body),
    // The server's answer is what it stored (each address reduced to its origin).
    onSuccess: (saved) =>
      queryClient.setQueryData<OrganizationDetailsDto>(organizationKeys.detail(organizationId), (organization) =>
        organization ? { ...organization, verificationSettings: saved } : organization,
      ),
  });
}
