import type { ApplicantsListData } from '../../../api/generated/types.gen';
import type { TableSort } from '../../../components/ui/table';
import { DEFAULT_LIST_PAGE_SIZE } from '../../../config/constants';

/** Columns the server sorts by (the rest of its APPLICANT_ORDER_BY has no column on screen). */
export const SORTABLE_COLUMNS = ['userId', 'kycStatus', 'documentType', 'submittedAt', 'updatedAt'] as const satisfies readonly NonNullable<
  NonNullable<ApplicantsListData['query']>['orderBy']
>[];
export type ApplicantSortColumn = (typeof SORTABLE_COLUMNS)[number];
/** The Age column sorts by submission, reversed: the oldest case is the greatest age. */
export const AGE_COLUMN = 'age';
type ListSortColumn = ApplicantSortColumn | typeof AGE_COLUMN;

const MAX_PAGE_SIZE = 250;
export const DEFAULT_SORT: TableSort = { columnId: 'userId', direction: 'desc' };
/** `orderBy=none` in the address keeps a cleared sort apart from the default one. */
const NO_SORT = 'none';

type ApplicantsListQuery = NonNullable<ApplicantsListData['query']>;
export type KycStatusFilter = NonNullable<ApplicantsListQuery['status']>[number];
export type ReviewAnswerFilter = NonNullable<ApplicantsListQuery['reviewAnswer']>;
export type NotesFilter = NonNullable<ApplicantsListQuery['notes']>;
export type SlaFilter = NonNullable<ApplicantsListQuery['sla']>;

export const KYC_STATUS_FILTERS: readonly KycStatusFilter[] = ['init', 'pending', 'prechecked', 'queued', 'completed', 'onHold'];
export const REVIEW_ANSWER_FILTERS: readonly ReviewAnswerFilter[] = ['approved', 'rejected', 'none'];
const NOTES_FILTERS: readonly NotesFilter[] = ['any', 'mine'];
const SLA_FILTERS: readonly SlaFilter[] = ['breached'];

/** The work-queue filters, as the address and the API name them. */
export interface ApplicantListFilters {
  status: KycStatusFilter[];
  reviewAnswer?: ReviewAnswerFilter;
  /** 'any' or a check name. */
  flagged?: string;
  /** 'me', 'unassigned' or a member's user id. */
  assignee?: string;
  /** YYYY-MM-DD */
  submittedFrom?: string;
  submittedTo?: string;
  documentType?: string;
  /** A tag id. */
  tag?: string;
  /** With an internal note by anyone ('any') or by me ('mine'). */
  notes?: NotesFilter;
  /** Awaiting a decision past the organization's SLA. */
  sla?: SlaFilter;
}

/** The list's columns a person may show or hide, in their order on screen. */
export const LIST_COLUMNS = [
  'userId',
  'name',
  'country',
  'kycStatus',
  'reviewAnswer',
  'age',
  'documentType',
  'flaggedChecks',
  'assignee',
  'tags',
  'submittedAt',
  'updatedAt',
] as const;
export type ListColumn = (typeof LIST_COLUMNS)[number];
/** The queue's essentials, the age (and SLA) beside the status; the review answer then shows inside the Status cell. */
export const DEFAULT_COLUMNS: readonly ListColumn[] = ['userId', 'name', 'kycStatus', 'age', 'documentType', 'flaggedChecks', 'assignee'];

/** What the applicants list shows; kept in the address so reload and back work. */
export interface ApplicantListState {
  page: number;
  pageSize: number;
  search: string;
  /** null: the user cleared the sort, so none is sent. */
  sort: TableSort | null;
  filters: ApplicantListFilters;
  /** The columns named in the address (a saved view's); null: the person's own choice. */
  columns: ListColumn[] | null;
}

/** The query of applicantsList as this screen sends it: always paged, sorted by a shown column, filtered. */
export type ApplicantListQuery = Required<Pick<ApplicantsListQuery, 'page' | 'pageSize'>> &
  Pick<
    ApplicantsListQuery,
    | 'search'
    | 'orderDirection'
    | 'status'
    | 'reviewAnswer'
    | 'flagged'
    | 'assignee'
    | 'submittedFrom'
    | 'submittedTo'
    | 'documentType'
    | 'tag'
    | 'notes'
    | 'sla'
  > & { orderBy?: ApplicantSortColumn };

/** The filters and order of a list, without paging: what next, next-unassigned and the export take. */
export type ApplicantFilterQuery = Omit<ApplicantListQuery, 'page' | 'pageSize'>;

function positiveInteger(raw: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  if (raw === null || !/^\d+$/.test(raw)) return fallback;
  const value = Number(raw);
  return value >= 1 && value <= max ? value : fallback;
}

function isSortColumn(value: string): value is ApplicantSortColumn {
  return (SORTABLE_COLUMNS as readonly string[]).includes(value);
}

function isListSortColumn(value: string): value is ListSortColumn {
  return value === AGE_COLUMN || isSortColumn(value);
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const UUID_OR_WORD = /^(me|unassigned|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

function text(params: URLSearchParams, name: string, valid: (value: string) => boolean): string | undefined {
  const value = params.get(name)?.trim();
  return value && valid(value) ? value : undefined;
}

export function parseFilters(params: URLSearchParams): ApplicantListFilters {
  const status = params
    .getAll('status')
    .flatMap((value) => value.split(','))
    .filter((value): value is KycStatusFilter => (KYC_STATUS_FILTERS as readonly string[]).includes(value));
  return {
    status: [...new Set(status)],
    reviewAnswer: text(params, 'reviewAnswer', (v) => (REVIEW_ANSWER_FILTERS as readonly string[]).includes(v)) as ReviewAnswerFilter | undefined,
    flagged: text(params, 'flagged', (v) => /^[a-z0-9-]{1,48}$/.test(v)),
    assignee: text(params, 'assignee', (v) => UUID_OR_WORD.test(v)),
    submittedFrom: text(params, 'submittedFrom', (v) => DATE.test(v)),
    submittedTo: text(params, 'submittedTo', (v) => DATE.test(v)),
    documentType: text(params, 'documentType', (v) => /^[A-Z_]{1,32}$/.test(v)),
    tag: text(params, 'tag', (v) => /^[0-9a-f-]{36}$/i.test(v)),
    notes: text(params, 'notes', (v) => (NOTES_FILTERS as readonly string[]).includes(v)) as NotesFilter | undefined,
    sla: text(params, 'sla', (v) => (SLA_FILTERS as readonly string[]).includes(v)) as SlaFilter | undefined,
  };
}

function parseColumns(params: URLSearchParams): ListColumn[] | null {
  const raw = params.get('columns');
  if (raw === null) return null;
  const columns = raw.split(',').filter((value): value is ListColumn => (LIST_COLUMNS as readonly string[]).includes(value));
  return columns.length ? [...new Set(columns)] : null;
}

/** How many filters are set (the filter bar's badge). */
export function activeFilterCount(filters: ApplicantListFilters): number {
  return Object.values(filters).filter((value) => (Array.isArray(value) ? value.length > 0 : value !== undefined)).length;
}

export function parseListState(params: URLSearchParams): ApplicantListState {
  const orderBy = params.get('orderBy');
  let sort: TableSort | null = DEFAULT_SORT;
  if (orderBy === NO_SORT) sort = null;
  else if (orderBy !== null && isListSortColumn(orderBy)) {
    sort = { columnId: orderBy, direction: params.get('orderDirection') === 'asc' ? 'asc' : 'desc' };
  }
  return {
    page: positiveInteger(params.get('page'), 1),
    pageSize: positiveInteger(params.get('pageSize'), DEFAULT_LIST_PAGE_SIZE, MAX_PAGE_SIZE),
    search: params.get('search')?.trim() ?? '',
    sort,
    filters: parseFilters(params),
    columns: parseColumns(params),
  };
}

/** The address for a state, leaving out what equals the default. */
export function listStateToParams(state: ApplicantListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search.trim() !== '') params.set('search', state.search.trim());
  if (state.page !== 1) params.set('page', String(state.page));
  if (state.pageSize !== DEFAULT_LIST_PAGE_SIZE) params.set('pageSize', String(state.pageSize));
  if (state.sort === null) {
    params.set('orderBy', NO_SORT);
  } else if (state.sort.columnId !== DEFAULT_SORT.columnId || state.sort.direction !== DEFAULT_SORT.direction) {
    params.set('orderBy', state.sort.columnId);
    params.set('orderDirection', state.sort.direction);
  }
  const { status, ...single } = state.filters;
  if (status.length) params.set('status', status.join(','));
  for (const [name, value] of Object.entries(single)) if (value !== undefined && value !== '') params.set(name, value);
  if (state.columns) params.set('columns', state.columns.join(','));
  return params;
}

/** The filters as the API takes them (absent when unset). */
function filtersToQuery(filters: ApplicantListFilters): Omit<ApplicantFilterQuery, 'search' | 'orderBy' | 'orderDirection'> {
  const query: Omit<ApplicantFilterQuery, 'search' | 'orderBy' | 'orderDirection'> = {};
  if (filters.status.length) query.status = filters.status;
  for (const name of ['reviewAnswer', 'flagged', 'assignee', 'submittedFrom', 'submittedTo', 'documentType', 'tag', 'notes', 'sla'] as const) {
    const value = filters[name];
    if (value !== undefined) Object.assign(query, { [name]: value });
  }
  return query;
}

/** Spec §4: a sort becomes orderBy + orderDirection; no sort sends neither. */
export function listStateToQuery(state: ApplicantListState): ApplicantListQuery {
  const query: ApplicantListQuery = { page: state.page, pageSize: state.pageSize, ...filtersToQuery(state.filters) };
  if (state.search.trim() !== '') query.search = state.search.trim();
  if (state.sort?.columnId === AGE_COLUMN) {
    query.orderBy = 'submittedAt';
    query.orderDirection = state.sort.direction === 'asc' ? 'desc' : 'asc';
  } else if (state.sort && isSortColumn(state.sort.columnId)) {
    query.orderBy = state.sort.columnId;
    query.orderDirection = state.sort.direction;
  }
  return query;
}

/**
 * The list's filters, search and order from its address (e.g. the details page's
 * `?` carried from the list): what "approve & next", next-unassigned and the export send.
 */
export function searchParamsToFilterQuery(params: URLSearchParams | string): ApplicantFilterQuery {
  const { page: _page, pageSize: _pageSize, ...query } = listStateToQuery(parseListState(new URLSearchParams(params)));
  return query;
}

/** The running row number across pages (the # column). */
export function rowNumber(page: number, pageSize: number, rowIndex: number): number {
  return (page - 1) * pageSize + rowIndex + 1;
}
