import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';

import type { ApplicantListItemDto } from '../../../api/generated/types.gen';
import { useReviewSettings } from '../../../api/review-settings';
import { useTags } from '../../../api/tags';
import { useManagesOrganization } from '../../../api/organization-role';
import { PageHeader } from '../../../components/page-header';
import { Loading } from '../../../components/ui/loading';
import { Pager } from '../../../components/ui/pager';
import type { TableSort } from '../../../components/ui/table';
import { useToast } from '../../../components/ui/toast-context';
import { paths, QUEUE_ANCHOR } from '../../../config/paths';
import { useApplicants } from '../api/get-applicants';
import { useUserPreferences } from '../api/views';
import { useAssignableMembers, useNextUnassigned } from '../api/work-queue';
import { ApplicantsTable } from '../components/applicants-table';
import { ColumnChooser, ExportButton, ViewsMenu } from '../components/list-actions';
import { QueueFilters } from '../components/queue-filters';
import { SearchBox } from '../components/search-box';
import {
  DEFAULT_COLUMNS,
  LIST_COLUMNS,
  listStateToParams,
  listStateToQuery,
  parseListState,
  searchParamsToFilterQuery,
  type ApplicantListState,
  type ListColumn,
} from '../lib/list-params';

import './applicants-list-page.css';

/** .../applicants: the organization's work queue, paged, sorted, filtered and searched on the server. */
export function ApplicantsListPage() {
  const { organizationId = '' } = useParams();
  const navigate = useNavigate();
  const toast = useToast();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = parseListState(searchParams);
  const { data, error, isPending, isPlaceholderData } = useApplicants(organizationId, listStateToQuery(state));
  const tags = useTags(organizationId);
  const { preferences, update: savePreferences } = useUserPreferences();
  const manages = useManagesOrganization(organizationId);
  const nextUnassigned = useNextUnassigned(organizationId);
  const members = useAssignableMembers(organizationId);
  const slaHours = useReviewSettings(organizationId).data?.slaHours ?? null;
  const { hash, key: visit } = useLocation();
  const queueShown = data !== undefined;

  // "Skip to the queue" (the signed-in frame) lands on the table once it is shown: the next Tab is its first row.
  useEffect(() => {
    if (hash === `#${QUEUE_ANCHOR}` && queueShown) document.getElementById(QUEUE_ANCHOR)?.focus();
  }, [hash, visit, queueShown]);

  const saved = preferences.data?.applicantListColumns?.filter((column): column is ListColumn => (LIST_COLUMNS as readonly string[]).includes(column));
  const columns = state.columns ?? (saved?.length ? saved : DEFAULT_COLUMNS);

  const update = useCallback(
    (change: Partial<ApplicantListState>, { replace = false } = {}) => {
      setSearchParams((current) => listStateToParams({ ...parseListState(current), ...change }), { replace });
    },
    [setSearchParams],
  );

  // Spec §4: a new search, page size, order or filter starts again at page 1.
  const onSearch = useCallback((search: string) => update({ search, page: 1 }, { replace: true }), [update]);
  const onSortChange = (sort: TableSort | null) => update({ sort, page: 1 });
  // The details page gets the list's address, for "approve & next" in the same filter.
  const listQuery = searchParams.toString();
  const openApplicant = (userId: string) => void navigate(`${paths.dashboard.applicant(organizationId, userId)}${listQuery ? `?${listQuery}` : ''}`);
  const onOpen = (applicant: ApplicantListItemDto) => openApplicant(applicant.userId);
  const onColumns = (chosen: ListColumn[]) => {
    if (state.columns) update({ columns: chosen });
    else savePreferences.mutate({ applicantListColumns: chosen }, { onError: () => toast.error('Your columns could not be saved') });
  };
  // A queue: the case waiting longest within the filters and search, whatever order the list shows.
  const { orderBy: _orderBy, orderDirection: _orderDirection, ...queueQuery } = searchParamsToFilterQuery(searchParams);
  const takeNext = () =>
    nextUnassigned.mutate(queueQuery, {
      onSuccess: ({ item }) => (item ? openApplicant(item.userId) : toast.success('Nobody is left unassigned in this list')),
      onError: () => toast.error('The next applicant could not be assigned'),
    });

  return (
    <>
      <PageHeader title="Applicants" description="Everyone who started verification with this organization." />
      <div className="applicants-list">
        <div className="applicants-toolbar">
          <SearchBox value={state.search} onSearch={onSearch} label="Search applicants" placeholder="User ID, name or document number" />
          <div className="applicants-actions">
            <button type="button" className="btn btn-primary btn-regular" onClick={takeNext} disabled={nextUnassigned.isPending}>
              Next unassigned
            </button>
            <ViewsMenu
              organizationId={organizationId}
              currentQuery={listStateToParams({ ...state, page: 1 }).toString()}
              canShare={manages}
              onOpen={(query) => setSearchParams(new URLSearchParams(query))}
            />
            <ColumnChooser columns={columns} onChange={onColumns} />
            <ExportButton organizationId={organizationId} query={searchParamsToFilterQuery(searchParams)} />
          </div>
        </div>
        <QueueFilters
          filters={state.filters}
          tags={tags.data ?? []}
          members={members.data ?? []}
          slaHours={slaHours}
          onChange={(filters) => update({ filters, page: 1 })}
        />
        {data && data.meta.totalPages > 0 && (
          <p className="applicants-page-info">
            Page {state.page} of {data.meta.totalPages}
          </p>
        )}
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
              columns={columns}
              slaHours={slaHours}
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
