import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../api/client';
import type { CreateProjectDto, ProjectDto } from '../../../api/generated/types.gen';
import { organizationKeys } from './query-keys';

export function createOrganization(body: CreateProjectDto): Promise<ProjectDto> {
  return api.post<ProjectDto>('/api/projects', body);
}

export function useCreateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrganization,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKeys.lists() }),
  });
}
