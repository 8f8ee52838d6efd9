import { useQuery } from '@tanstack/react-query';

import { faceModelKeys } from '../../../api/query-keys';
import type { FaceModelsStatusDto } from '../../../api/generated/types.gen';
import { faceModelsStatus } from '../../../api/sdk';

/** Faces stored under another model than the configured one: a move is needed (and starts within seconds unless paused). */
export function facesToMove(status: FaceModelsStatusDto): number {
  return status.models.filter((model) => model.name !== status.model).reduce((sum, model) => sum + model.faces + model.blocklist, 0);
}

/** The stored faces' models and the latest move; asked again every 2 s while a move runs or is about to start. */
export function useFaceModels() {
  return useQuery({
    queryKey: faceModelKeys.status,
    queryFn: async ({ signal }) => (await faceModelsStatus({ signal })).data,
    refetchInterval: (query) => {
      const status = query.state.data;
      if (!status) return false;
      const starting = status.migrationMode === 'background' && status.migration?.state !== 'running' && facesToMove(status) > 0;
      return status.migration?.state === 'running' || starting ? 2000 : false;
    },
  });
}
