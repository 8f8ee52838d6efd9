import { useState } from 'react';

import { Panel } from '../../../components/panel';
import { Loading } from '../../../components/ui/loading';
import { Pager } from '../../../components/ui/pager';
import { useApplicantActivity } from '../api/get-applicant-activity';
import { ActivityList } from './activity-list';

/** Who did what to the applicant, newest first, a page at a time. */
export function ActivityPanel({ organizationId, userId }: { organizationId: string; userId: string }) {
  const [page, setPage] = useState(1);
  const { data, error, isPending, isPlaceholderData } = useApplicantActivity(organizationId, userId, page);

  return (
    <Panel title="Activity" description="Everything done to this applicant, newest first." id="applicant-activity">
      {isPending || error ? (
        <Loading error={error} />
      ) : (
        <div className={isPlaceholderData ? 'activity-panel activity-panel-loading' : 'activity-panel'}>
          <ActivityList events={data.items} />
          {data.meta.totalPages > 1 && (
            <Pager
              page={page}
              totalPages={data.meta.totalPages}
              pageSize={data.items.length}
              hasPreviousPage={page > 1}
              hasNextPage={page < data.meta.totalPages}
              onPageChange={setPage}
            />
          )}
        </div>
      )}
    </Panel>
  );
}
