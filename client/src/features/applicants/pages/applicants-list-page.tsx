import { useCallback } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';

import type { ApplicantListItemDto } from '../../../api/generated/types.gen';
import { PageHeader } from '../../../components/page-header';
import { Loading } from '../../../components/ui/loading';
import { Pager } from '../../../components/ui/pager';
import type { TableSort } from '../../../components/ui/table';
import { paths } from '../../../config/paths';
import { useApplicants } from '../api/get-applicants';
import { ApplicantsTable } from '../components/applicants-table';
import { SearchBox } from '../components/search-box';
import { listStateToParams, listStateToQuery, parseListState, type ApplicantListState } from '../lib/list-params';

import './applicants-list-page.css';

/** .../applicants: the organization's applicants, paged, sorted and searched on the server. */
export function ApplicantsListPage() {
  const { organizationId = '' } = useParams();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = parseListState(searchParams);
  const { data, error, isPending, isPlaceholderData } = useApplicants(organizationId, listStateToQuery(state));

  const update = useCallback(
    (change: Partial<ApplicantListState>, { replace = false } = {}) => {
      setSearchParams((current) => listStateToParams({ ...parseListState(current), ...change }), { replace });
    },
    [setSearchParams],
  );

  // Spec §4: a new search, page size or order starts again at page 1.
  const onSearch = useCallback((search: string) => update({ search, page: 1 }, { replace: true }), [update]);
  const onSortChange = (sort: TableSort | null) => update({ sort, page: 1 });
  const onOpen = (applicant: ApplicantListItemDto) =>
    void navigate(paths.dashboard.applicant(organizationId, applicant.userId));

  return (
    <>
      <PageHeader title="Applicants" description="Everyone who started verification with this organization." />
      <div className="applicants-list">
        <div className="applicants-toolbar">
          <SearchBox
            value={state.search}
            onSearch={onSearch}
            label="Search applicants"
            placeholder="User ID, name or document number"
          />
          {data && data.meta.totalPages > 0 && (
            <p className="applicants-page-info">
              Page {state.page} of {data.meta.totalPages}
            </p>
          )}
        </div>
        {isPending || error ? (
          <Loading error={error} />
        ) : (
          <>
            <ApplicantsTable
              rows={data.items}
              page={data.query.page}
              pageSize={data.query.pageSize}
              sort={state.sort}
              onSortChange={onSortChange}
              onOpen={onOpen}
              isFetching={isPlaceholderData}
            />
            <Pager
              page={state.page}
              totalPages={data.meta.totalPages}
              pageSize={state.pageSize}
              hasPreviousPage={state.page > 1}
              hasNextPage={state.page < data.meta.totalPages}
              onPageChange={(page) => update({ page })}
              onPageSizeChange={(pageSize) => update({ pageSize, page: 1 })}
            />
          </>
        )}
      </div>
    </>
  );
}
