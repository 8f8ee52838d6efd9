import type { ApplicantsListData } from '../../../api/generated/types.gen';
import type { TableSort } from '../../../components/ui/table';
import { DEFAULT_LIST_PAGE_SIZE } from '../../../config/constants';

/** Columns the server sorts by (the rest of its APPLICANT_ORDER_BY has no column on screen). */
export const SORTABLE_COLUMNS = ['userId', 'kycStatus', 'documentType'] as const satisfies readonly NonNullable<
  NonNullable<ApplicantsListData['query']>['orderBy']
>[];
export type ApplicantSortColumn = (typeof SORTABLE_COLUMNS)[number];

const MAX_PAGE_SIZE = 250;
export const DEFAULT_SORT: TableSort = { columnId: 'userId', direction: 'desc' };
/** `orderBy=none` in the address keeps a cleared sort apart from the default one. */
const NO_SORT = 'none';

/** What the applicants list shows; kept in the address so reload and back work. */
export interface ApplicantListState {
  page: number;
  pageSize: number;
  search: string;
  /** null: the user cleared the sort, so none is sent. */
  sort: TableSort | null;
}

type ApplicantsListQuery = NonNullable<ApplicantsListData['query']>;

/** The query of applicantsList as this screen sends it: always paged, sorted by a shown column. */
export type ApplicantListQuery = Required<Pick<ApplicantsListQuery, 'page' | 'pageSize'>> &
  Pick<ApplicantsListQuery, 'search' | 'orderDirection'> & { orderBy?: ApplicantSortColumn };

function positiveInteger(raw: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  if (raw === null || !/^\d+$/.test(raw)) return fallback;
  const value = Number(raw);
  return value >= 1 && value <= max ? value : fallback;
}

function isSortColumn(value: string): value is ApplicantSortColumn {
  return (SORTABLE_COLUMNS as readonly string[]).includes(value);
}

export function parseListState(params: URLSearchParams): ApplicantListState {
  const orderBy = params.get('orderBy');
  let sort: TableSort | null = DEFAULT_SORT;
  if (orderBy === NO_SORT) sort = null;
  else if (orderBy !== null && isSortColumn(orderBy)) {
    sort = { columnId: orderBy, direction: params.get('orderDirection') === 'asc' ? 'asc' : 'desc' };
  }
  return {
    page: positiveInteger(params.get('page'), 1),
    pageSize: positiveInteger(params.get('pageSize'), DEFAULT_LIST_PAGE_SIZE, MAX_PAGE_SIZE),
    search: params.get('search')?.trim() ?? '',
    sort,
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
  return params;
}

/** Spec §4: a sort becomes orderBy + orderDirection; no sort sends neither. */
export function listStateToQuery(state: ApplicantListState): ApplicantListQuery {
  const query: ApplicantListQuery = { page: state.page, pageSize: state.pageSize };
  if (state.search.trim() !== '') query.search = state.search.trim();
  if (state.sort && isSortColumn(state.sort.columnId)) {
    query.orderBy = state.sort.columnId;
    query.orderDirection = state.sort.direction;
  }
  return query;
}

/** The running row number across pages (the # column). */
export function rowNumber(page: number, pageSize: number, rowIndex: number): number {
  return (page - 1) * pageSize + rowIndex + 1;
}
