import type { OrganizationActivityQuery } from '../api/get-organization-activity';

export const ACTIVITY_PAGE_SIZE = 50;

/** The Activity screen's filters as the address keeps them ('' = not filtered). Dates are local calendar days. */
export interface ActivityFilters {
  actorId: string;
  action: string;
  userId: string;
  from: string;
  to: string;
  page: number;
}

const FIELDS = ['actorId', 'action', 'userId', 'from', 'to'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function activityFilters(params: URLSearchParams): ActivityFilters {
  const page = Number(params.get('page'));
  const read = (name: string) => params.get(name)?.trim() ?? '';
  const day = (name: string) => (DAY.test(read(name)) ? read(name) : '');
  return {
    actorId: read('actorId'),
    action: read('action'),
    userId: read('userId'),
    from: day('from'),
    to: day('to'),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

export function activityFiltersToParams(filters: ActivityFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const field of FIELDS) if (filters[field].trim() !== '') params.set(field, filters[field].trim());
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** Local midnight of a YYYY-MM-DD day, as an instant; `to` is inclusive, so it ends at the next midnight. */
function startOfDay(day: string, plusDays = 0): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year, month - 1, date + plusDays).toISOString();
}

export function activityQuery(filters: ActivityFilters): OrganizationActivityQuery {
  const query: OrganizationActivityQuery = { page: filters.page, pageSize: ACTIVITY_PAGE_SIZE };
  if (filters.actorId) query.actorId = filters.actorId;
  if (filters.action) query.action = filters.action as OrganizationActivityQuery['action'];
  if (filters.userId) query.userId = filters.userId;
  if (filters.from) query.from = startOfDay(filters.from);
  if (filters.to) query.to = startOfDay(filters.to, 1);
  return query;
}
