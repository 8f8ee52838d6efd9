import { useQuery } from '@tanstack/react-query';

import type { DecisionLabelDto } from '../../../api/generated/types.gen';
import { reviewSettingsListLabels } from '../../../api/sdk';
import { decisionKeys } from './decision-keys';

/** The organization's decision labels (archived ones are left out of the choices by the caller). */
export function useDecisionLabels(organizationId: string) {
  return useQuery({
    queryKey: decisionKeys.labels(organizationId),
    queryFn: async ({ signal }): Promise<DecisionLabelDto[]> => (await reviewSettingsListLabels({ path: { id: organizationId }, signal })).data,
    staleTime: 60_000,
  });
}
