import { describe, expect, it } from 'vitest';

import { listStateToParams, listStateToQuery, parseListState, rowNumber } from './list-params';

describe('applicants list state in the address', () => {
  it('defaults to page 1, 25 per page, sorted by userId descending', () => {
    const state = parseListState(new URLSearchParams());
    expect(state).toEqual({ page: 1, pageSize: 25, search: '', sort: { columnId: 'userId', direction: 'desc' } });
    expect(listStateToQuery(state)).toEqual({ page: 1, pageSize: 25, orderBy: 'userId', orderDirection: 'desc' });
    expect(listStateToParams(state).toString()).toBe('');
  });

  it('round-trips page, size, search and sort', () => {
    const state = parseListState(
      new URLSearchParams('page=3&pageSize=50&search=ana&orderBy=kycStatus&orderDirection=asc'),
    );
    expect(state).toEqual({ page: 3, pageSize: 50, search: 'ana', sort: { columnId: 'kycStatus', direction: 'asc' } });
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
    const state = parseListState(new URLSearchParams('page=-2&pageSize=9999&orderBy=password&orderDirection=up'));
    expect(state).toEqual({ page: 1, pageSize: 25, search: '', sort: { columnId: 'userId', direction: 'desc' } });
  });

  it('numbers rows across pages', () => {
    expect(rowNumber(1, 25, 0)).toBe(1);
    expect(rowNumber(3, 25, 4)).toBe(55);
    expect(rowNumber(2, 10, 9)).toBe(20);
  });
});
