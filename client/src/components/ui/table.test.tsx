import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { columnLayout, nextSort, Table, type TableColumn } from './table';

interface Row {
  userId: string;
  kycStatus: string;
}

const columns: TableColumn<Row>[] = [
  { id: 'index', header: '#', width: 60, cell: (_row, index) => index + 1 },
  { id: 'userId', header: 'User ID', sortable: true, cell: (row) => row.userId },
  { id: 'kycStatus', header: 'Status', cell: (row) => row.kycStatus },
];

describe('<Table>', () => {
  it("shows 'Nothing to display' when there are no rows", () => {
    render(<Table columns={columns} rows={[]} getRowKey={(row) => row.userId} />);
    expect(screen.getByText('Nothing to display')).toBeInTheDocument();
  });

  it('accepts another empty text', () => {
    render(<Table columns={columns} rows={[]} getRowKey={(row) => row.userId} emptyText="No results found" />);
    expect(screen.getByText('No results found')).toBeInTheDocument();
    expect(screen.queryByText('Nothing to display')).not.toBeInTheDocument();
  });

  it('renders rows and reports row clicks', async () => {
    const user = userEvent.setup();
    const onRowClick = vi.fn();
    const rows = [
      { userId: 'u-1', kycStatus: 'pending' },
      { userId: 'u-2', kycStatus: 'completed' },
    ];
    render(<Table columns={columns} rows={rows} getRowKey={(row) => row.userId} onRowClick={onRowClick} />);
    await user.click(screen.getByText('u-2'));
    expect(onRowClick).toHaveBeenCalledWith(rows[1]);
  });

  it('centres columns of 100 px or less and lets others take the rest', () => {
    expect(columnLayout({ width: 60 })).toEqual({ style: { width: 60, minWidth: 50 }, centered: true });
    expect(columnLayout({ width: 100 }).centered).toBe(true);
    expect(columnLayout({ width: 101 }).centered).toBe(false);
    expect(columnLayout({})).toEqual({ style: { width: 'auto', minWidth: 50 }, centered: false });
  });

  it('sorts only columns that opt in, cycling desc → asc → none', async () => {
    const user = userEvent.setup();
    const onSortChange = vi.fn();
    render(<Table columns={columns} rows={[]} getRowKey={(row) => row.userId} sort={null} onSortChange={onSortChange} />);
    expect(screen.queryByRole('button', { name: /Status/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /User ID/ }));
    expect(onSortChange).toHaveBeenCalledWith({ columnId: 'userId', direction: 'desc' });

    expect(nextSort({ columnId: 'userId', direction: 'desc' }, 'userId')).toEqual({
      columnId: 'userId',
      direction: 'asc',
    });
    expect(nextSort({ columnId: 'userId', direction: 'asc' }, 'userId')).toBeNull();
    expect(nextSort({ columnId: 'userId', direction: 'asc' }, 'kycStatus')).toEqual({
      columnId: 'kycStatus',
      direction: 'desc',
    });
  });

  it('labels each cell with its header when stacked (a card per row on a phone), and only then', () => {
    const rows = [{ userId: 'u-1', kycStatus: 'pending' }];
    const labelled: TableColumn<Row>[] = [...columns, { id: 'tags', header: <em>Tags</em>, label: 'Tags', cell: () => 'vip' }];
    const { unmount } = render(<Table columns={labelled} rows={rows} getRowKey={(row) => row.userId} stacked />);
    expect(screen.getByRole('table')).toHaveClass('table-stacked');
    expect(screen.getAllByRole('cell').map((cell) => cell.dataset.label)).toEqual(['#', 'User ID', 'Status', 'Tags']);
    unmount();
    render(<Table columns={labelled} rows={rows} getRowKey={(row) => row.userId} />);
    expect(screen.getByRole('table')).not.toHaveClass('table-stacked');
    expect(screen.getByRole('cell', { name: 'u-1' })).not.toHaveAttribute('data-label');
  });
});
