import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { sanctionsListKeys } from '../../../api/query-keys';
import type { ListImportDto, ListImportPageDto } from '../../../api/generated/types.gen';
import { sanctionsListsList, sanctionsListsUpload } from '../../../api/sdk';

export async function getListImports(page: number, pageSize: number, signal?: AbortSignal): Promise<ListImportPageDto> {
  const { data } = await sanctionsListsList({ query: { page, pageSize }, signal });
  return data;
}

export const listImportsQueryOptions = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: sanctionsListKeys.importPage(page, pageSize),
    queryFn: ({ signal }) => getListImports(page, pageSize, signal),
    placeholderData: keepPreviousData,
  });

export function useListImports(page: number, pageSize: number) {
  return useQuery(listImportsQueryOptions(page, pageSize));
}

/** Uploads one official list file; a refused file answers 422 with the line or element at fault. */
export async function uploadList(file: File): Promise<ListImportDto> {
  const { data } = await sanctionsListsUpload({ body: { file } });
  return data;
}

export function useUploadList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadList,
    // A refused file is recorded too, so the list changes either way.
    // A new version also starts the rescreening of verified applicants.
    onSettled: () => queryClient.invalidateQueries({ queryKey: sanctionsListKeys.all }),
  });
}
