import { describe, expect, it } from 'vitest';

import { listStateToParams, listStateToQuery, parseListState, rowNumber, searchParamsToFilterQuery } from './list-params';

describe('applicants list state in the address', () => {
  it('defaults to page 1, 25 per page, sorted by userId descending', () => {
    const state = parseListState(new URLSearchParams());
    expect(state).toEqual({ page: 1, pageSize: 25, search: '', sort: { columnId: 'userId', direction: 'desc' }, filters: { status: [] }, columns: null });
    expect(listStateToQuery(state)).toEqual({ page: 1, pageSize: 25, orderBy: 'userId', orderDirection: 'desc' });
    expect(listStateToParams(state).toString()).toBe('');
  });

  it('round-trips page, size, search and sort', () => {
    const state = parseListState(new URLSearchParams('page=3&pageSize=50&search=ana&orderBy=kycStatus&orderDirection=asc'));
    expect(state).toEqual({
      page: 3,
      pageSize: 50,
      search: 'ana',
      sort: { columnId: 'kycStatus', direction: 'asc' },
      filters: { status: [] },
      columns: null,
    });
    expect(parseListState(listStateToParams(state))).toEqual(state);
  });

  it('keeps a cleared sort apart from the default, and sends neither orderBy nor orderDirection', () => {
    const state = parseListState(new URLSearchParams('orderBy=none'));
    expect(state.sort).toBeNull();
    const query = listStateToQuery(state);
    expect(query).not.toHaveProperty('orderBy');
    expect(query).not.toHaveProperty('orderDirection');
    expect(listStateToParams(state).get('orderBy')).toBe('none');
  });

  it('ignores values a person could have typed wrong', () => {
    const state = parseListState(
      new URLSearchParams('page=-2&pageSize=9999&orderBy=password&orderDirection=up&status=done&assignee=bob&submittedFrom=yesterday&columns=password'),
    );
    expect(state).toEqual({ page: 1, pageSize: 25, search: '', sort: { columnId: 'userId', direction: 'desc' }, filters: { status: [] }, columns: null });
  });

  it('round-trips the work-queue filters and columns, and sends the filters to the API', () => {
    const address =
      'status=pending,queued&reviewAnswer=none&flagged=any&assignee=unassigned&submittedFrom=2026-01-01&submittedTo=2026-01-31&documentType=PASSPORT&tag=0b3f5c1e-1111-4222-8333-444455556666&notes=mine&columns=userId,name,assignee';
    const state = parseListState(new URLSearchParams(address));
    expect(state.filters).toEqual({
      status: ['pending', 'queued'],
      reviewAnswer: 'none',
      flagged: 'any',
      assignee: 'unassigned',
      submittedFrom: '2026-01-01',
      submittedTo: '2026-01-31',
      documentType: 'PASSPORT',
      tag: '0b3f5c1e-1111-4222-8333-444455556666',
      notes: 'mine',
    });
    expect(state.columns).toEqual(['userId', 'name', 'assignee']);
    expect(parseListState(listStateToParams(state))).toEqual(state);
    expect(listStateToQuery({ ...state, page: 2 })).toEqual({
      page: 2,
      pageSize: 25,
      orderBy: 'userId',
      orderDirection: 'desc',
      status: ['pending', 'queued'],
      reviewAnswer: 'none',
      flagged: 'any',
      assignee: 'unassigned',
      submittedFrom: '2026-01-01',
      submittedTo: '2026-01-31',
      documentType: 'PASSPORT',
      tag: '0b3f5c1e-1111-4222-8333-444455556666',
      notes: 'mine',
    });
  });

  it('turns a list address into the query of next, next-unassigned and the export (no paging)', () => {
    expect(searchParamsToFilterQuery('?page=4&assignee=me&flagged=face-match&orderBy=submittedAt&orderDirection=asc&search=ana')).toEqual({
      assignee: 'me',
      flagged: 'face-match',
      orderBy: 'submittedAt',
      orderDirection: 'asc',
      search: 'ana',
    });
  });

  it('sorts by age as by submission reversed (oldest first is age descending), and carries the SLA filter', () => {
    const state = parseListState(new URLSearchParams('orderBy=age&orderDirection=desc&sla=breached'));
    expect(state.sort).toEqual({ columnId: 'age', direction: 'desc' });
    expect(state.filters.sla).toBe('breached');
    expect(parseListState(listStateToParams(state))).toEqual(state);
    expect(listStateToQuery(state)).toMatchObject({ orderBy: 'submittedAt', orderDirection: 'asc', sla: 'breached' });
    expect(searchParamsToFilterQuery('orderBy=age&orderDirection=asc')).toEqual({ orderBy: 'submittedAt', orderDirection: 'desc' });
    expect(parseListState(new URLSearchParams('sla=late')).filters.sla).toBeUndefined();
  });

  it('numbers rows across pages', () => {
    expect(rowNumber(1, 25, 0)).toBe(1);
    expect(rowNumber(3, 25, 4)).toBe(55);
    expect(rowNumber(2, 10, 9)).toBe(20);
  });
});
