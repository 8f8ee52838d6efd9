import type { CSSProperties, KeyboardEvent, ReactNode } from 'react';

import { TABLE_AUTO_COLUMN_WIDTH, TABLE_CENTERED_MAX_WIDTH, TABLE_MIN_COLUMN_WIDTH } from '../../config/constants';

import './table.css';

export type SortDirection = 'asc' | 'desc';

export interface TableSort {
  columnId: string;
  direction: SortDirection;
}

export interface TableColumn<Row> {
  id: string;
  header: ReactNode;
  cell: (row: Row, rowIndex: number) => ReactNode;
  /** Pixels; the default 99999 means "take the remaining space". */
  width?: number;
  minWidth?: number;
  /** Sorting is off unless a column opts in (spec §4). */
  sortable?: boolean;
  /** The cell's label in a stacked row, when the header is not plain text. */
  label?: string;
}

export interface TableProps<Row> {
  /** The scrolling region's id, for a link that lands on the table (it takes the focus). */
  id?: string;
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  getRowKey: (row: Row, rowIndex: number) => string | number;
  emptyText?: string;
  caption?: string;
  onRowClick?: (row: Row) => void;
  sort?: TableSort | null;
  onSortChange?: (sort: TableSort | null) => void;
  /** Dims the rows while the next page loads over the previous one. */
  isFetching?: boolean;
  /** On a phone each row is a card of labelled cells (the sortable headers stay above them as buttons), instead of a table scrolling sideways. */
  stacked?: boolean;
}

export const TABLE_EMPTY_TEXT = 'Nothing to display';

/** Header clicks cycle desc (the default direction) → asc → no sort. */
export function nextSort(current: TableSort | null | undefined, columnId: string): TableSort | null {
  if (!current || current.columnId !== columnId) return { columnId, direction: 'desc' };
  if (current.direction === 'desc') return { columnId, direction: 'asc' };
  return null;
}

export function columnLayout(column: { width?: number; minWidth?: number }): {
  style: CSSProperties;
  centered: boolean;
} {
  const width = column.width ?? TABLE_AUTO_COLUMN_WIDTH;
  const minWidth = column.minWidth ?? TABLE_MIN_COLUMN_WIDTH;
  return {
    style: { width: width >= TABLE_AUTO_COLUMN_WIDTH ? 'auto' : width, minWidth },
    centered: width <= TABLE_CENTERED_MAX_WIDTH,
  };
}

function SortIcon({ direction }: { direction: SortDirection | null }) {
  return (
    <svg className="table-sort-icon" viewBox="0 0 12 16" aria-hidden="true">
      <path d="M6 2 10 6.5H2z" className={direction === 'asc' ? 'active' : ''} />
      <path d="M6 14 2 9.5h8z" className={direction === 'desc' ? 'active' : ''} />
    </svg>
  );
}

export function Table<Row>({
  id,
  columns,
  rows,
  getRowKey,
  emptyText = TABLE_EMPTY_TEXT,
  caption,
  onRowClick,
  sort,
  onSortChange,
  isFetching = false,
  stacked = false,
}: TableProps<Row>) {
  const handleRowKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, row: Row) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onRowClick?.(row);
    }
  };

  return (
    // Focusable and named: a table wider than a phone scrolls inside it, and keyboard users scroll it with the arrows.
    <div id={id} className="table-wrapper" tabIndex={0} role="region" aria-label={caption ?? 'Table'}>
      <table className={['table', isFetching ? 'table-fetching' : '', stacked ? 'table-stacked' : ''].filter(Boolean).join(' ')}>
        {caption && <caption className="visually-hidden">{caption}</caption>}
        <thead>
          <tr>
            {columns.map((column) => {
              const { style, centered } = columnLayout(column);
              const direction = sort?.columnId === column.id ? sort.direction : null;
              const canSort = Boolean(column.sortable && onSortChange);
              return (
                <th
                  key={column.id}
                  scope="col"
                  style={style}
                  className={centered ? 'table-centered' : undefined}
                  aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined}
                >
                  {canSort ? (
                    <button type="button" className="table-sort-button" onClick={() => onSortChange?.(nextSort(sort, column.id))}>
                      {column.header}
                      <SortIcon direction={direction} />
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td className="table-empty" colSpan={columns.length}>
                {/* Centred in what the card shows, however wide the table scrolls. */}
                <span className="table-empty-text">{emptyText}</span>
              </td>
            </tr>
          ) : (
            rows.map((row, rowIndex) => (
              <tr
                key={getRowKey(row, rowIndex)}
                className={onRowClick ? 'table-row-clickable' : undefined}
                onClick={onRowClick ? () => onRowClick(row) : undefined}
                onKeyDown={onRowClick ? (event) => handleRowKeyDown(event, row) : undefined}
                tabIndex={onRowClick ? 0 : undefined}
              >
                {columns.map((column) => (
                  <td
                    key={column.id}
                    className={columnLayout(column).centered ? 'table-centered' : undefined}
                    data-label={stacked ? (column.label ?? (typeof column.header === 'string' ? column.header : undefined)) : undefined}
                  >
                    {column.cell(row, rowIndex)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
