import { useQuery } from '@tanstack/react-query';

import { accuracyReportKeys } from '../../../api/query-keys';
import { accuracyReportsLatest } from '../../../api/sdk';

/** The latest report `npm run accuracy-report` stored; ACCURACY_REPORT_NOT_FOUND before the first. */
export function useLatestAccuracyReport() {
  return useQuery({
    queryKey: accuracyReportKeys.latest,
    queryFn: async ({ signal }) => (await accuracyReportsLatest({ signal })).data,
    retry: false,
  });
}
