import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { ApplicantViewDto, CreateApplicantViewDto, UserPreferencesDto } from '../../../api/generated/types.gen';
import { applicantViewsCreate, applicantViewsList, applicantViewsRemove, userPreferencesGet, userPreferencesUpdate } from '../../../api/sdk';

const viewKeys = { list: (organizationId: string) => ['applicant-views', organizationId] as const };
const preferenceKeys = { mine: ['user-preferences'] as const };

/** The caller's saved views of the list, then the organization's shared ones. */
export function useApplicantViews(organizationId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: viewKeys.list(organizationId) });
  return {
    list: useQuery({
      queryKey: viewKeys.list(organizationId),
      queryFn: async (): Promise<ApplicantViewDto[]> => (await applicantViewsList({ path: { id: organizationId } })).data,
    }),
    save: useMutation({
      mutationFn: (body: CreateApplicantViewDto) => applicantViewsCreate({ path: { id: organizationId }, body }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (viewId: string) => applicantViewsRemove({ path: { id: organizationId, viewId } }),
      onSuccess: refresh,
    }),
  };
}

/** The signed-in person's back-office preferences (e.g. the list's columns). */
export function useUserPreferences() {
  const queryClient = useQueryClient();
  return {
    preferences: useQuery({
      queryKey: preferenceKeys.mine,
      queryFn: async (): Promise<UserPreferencesDto> => (await userPreferencesGet()).data,
    }),
    update: useMutation({
      mutationFn: async (changes: UserPreferencesDto) => (await userPreferencesUpdate({ body: changes })).data,
      onSuccess: (saved) => queryClient.setQueryData(preferenceKeys.mine, saved),
    }),
  };
}
