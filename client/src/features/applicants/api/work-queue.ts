import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { MemberDto, NextApplicantDto } from '../../../api/generated/types.gen';
import { applicantKeys } from '../../../api/query-keys';
import { applicantsNext, assignmentNextUnassigned, membersList } from '../../../api/sdk';
import type { ApplicantFilterQuery } from '../lib/list-params';

/** The applicant after `after` in a list's filters and order (the first without it); null at the end. */
export async function getNextApplicant(organizationId: string, query: ApplicantFilterQuery, after?: string): Promise<NextApplicantDto> {
  const { data } = await applicantsNext({ path: { id: organizationId }, query: { ...query, after } });
  return data;
}

/** "Approve & next": the applicant after `userId` in the list the page was opened from (its query string). */
export function useNextApplicant(organizationId: string, query: ApplicantFilterQuery, after: string | undefined) {
  return useQuery({
    queryKey: [...applicantKeys.lists(), organizationId, 'next', query, after ?? null],
    queryFn: () => getNextApplicant(organizationId, query, after),
  });
}

/** Assigns the caller the first unassigned applicant of the list; null when none is left. */
export function useNextUnassigned(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (query: ApplicantFilterQuery): Promise<NextApplicantDto> => {
      const { data } = await assignmentNextUnassigned({ path: { id: organizationId }, query });
      return data;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: applicantKeys.lists() }),
  });
}

/** The organization's members (owner included): whom applicants can be assigned to, and filtered by. */
export function useAssignableMembers(organizationId: string) {
  return useQuery({
    queryKey: ['applicants', 'assignable-members', organizationId],
    queryFn: async (): Promise<MemberDto[]> => (await membersList({ path: { id: organizationId } })).data,
  });
}
