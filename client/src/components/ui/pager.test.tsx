import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { Pager } from './pager';
import { getPageNumbers, getPageSizeOptions } from './pager-model';

describe('getPageNumbers', () => {
  it('centres at most 5 page buttons on the current page', () => {
    expect(getPageNumbers(10, 20)).toEqual([8, 9, 10, 11, 12]);
    expect(getPageNumbers(6, 100)).toEqual([4, 5, 6, 7, 8]);
  });

  it('shifts the window at the edges instead of shrinking it', () => {
    expect(getPageNumbers(1, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(getPageNumbers(2, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(getPageNumbers(20, 20)).toEqual([16, 17, 18, 19, 20]);
    expect(getPageNumbers(19, 20)).toEqual([16, 17, 18, 19, 20]);
  });

  it('shows every page when there are 5 or fewer', () => {
    expect(getPageNumbers(2, 3)).toEqual([1, 2, 3]);
    expect(getPageNumbers(1, 1)).toEqual([1]);
    expect(getPageNumbers(1, 0)).toEqual([]);
  });
});

describe('getPageSizeOptions', () => {
  it('offers 10, 25, 50, 100 and 250', () => {
    expect(getPageSizeOptions(25)).toEqual([10, 25, 50, 100, 250]);
  });

  it('adds the current value when it is not one of them', () => {
    expect(getPageSizeOptions(30)).toEqual([10, 25, 30, 50, 100, 250]);
    expect(getPageSizeOptions(500)).toEqual([10, 25, 50, 100, 250, 500]);
  });
});

describe('<Pager>', () => {
  it('renders 5 page buttons around the current page and marks it', () => {
    render(<Pager page={7} totalPages={40} pageSize={25} onPageChange={() => {}} />);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    const pages = within(nav)
      .getAllByRole('button', { name: /^Page \d+$/ })
      .map((button) => button.textContent);
    expect(pages).toEqual(['5', '6', '7', '8', '9']);
    expect(screen.getByRole('button', { name: 'Page 7' })).toHaveAttribute('aria-current', 'page');
  });

  it('moves with previous, next and page buttons', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    render(<Pager page={3} totalPages={10} pageSize={25} onPageChange={onPageChange} />);
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(screen.getByRole('button', { name: 'Page 5' }));
    expect(onPageChange.mock.calls).toEqual([[2], [4], [5]]);
  });

  it('disables previous on the first page and next on the last', () => {
    const { rerender } = render(<Pager page={1} totalPages={3} pageSize={10} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled();
    rerender(<Pager page={3} totalPages={3} pageSize={10} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it("has an 'Items per page' selector that includes the current value", async () => {
    const user = userEvent.setup();
    const onPageSizeChange = vi.fn();
    render(<Pager page={1} totalPages={2} pageSize={30} onPageChange={() => {}} onPageSizeChange={onPageSizeChange} />);
    const select = screen.getByLabelText('Items per page');
    expect(select).toHaveValue('30');
    const options = within(select)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual(['10', '25', '30', '50', '100', '250']);
    await user.selectOptions(select, '100');
    expect(onPageSizeChange).toHaveBeenCalledWith(100);
  });
});
