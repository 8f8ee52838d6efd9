import { useId } from 'react';

import { getPageNumbers, getPageSizeOptions } from './pager-model';

import './pager.css';

export interface PagerProps {
  page: number;
  totalPages: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange?: (pageSize: number) => void;
  hasPreviousPage?: boolean;
  hasNextPage?: boolean;
  disabled?: boolean;
}

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg viewBox="0 0 20 20" aria-hidden="true" className="pager-chevron">
      <path d={direction === 'left' ? 'M12.5 15 7.5 10l5-5' : 'M7.5 15l5-5-5-5'} />
    </svg>
  );
}

export function Pager({
  page,
  totalPages,
  pageSize,
  onPageChange,
  onPageSizeChange,
  hasPreviousPage = page > 1,
  hasNextPage = page < totalPages,
  disabled = false,
}: PagerProps) {
  const selectId = useId();
  const pages = getPageNumbers(page, totalPages);

  return (
    <nav className="pager" aria-label="Pagination">
      {onPageSizeChange && (
        <div className="pager-size">
          <label htmlFor={selectId}>Items per page</label>
          <select id={selectId} value={pageSize} disabled={disabled} onChange={(event) => onPageSizeChange(Number(event.target.value))}>
            {getPageSizeOptions(pageSize).map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="pager-pages">
        <button
          type="button"
          className="pager-button"
          onClick={() => onPageChange(page - 1)}
          disabled={disabled || !hasPreviousPage}
          aria-label="Previous page"
        >
          <Chevron direction="left" />
        </button>
        {pages.map((number) => (
          <button
            key={number}
            type="button"
            className="pager-button"
            onClick={() => onPageChange(number)}
            disabled={disabled}
            aria-current={number === page ? 'page' : undefined}
            aria-label={`Page ${number}`}
          >
            {number}
          </button>
        ))}
        <button type="button" className="pager-button" onClick={() => onPageChange(page + 1)} disabled={disabled || !hasNextPage} aria-label="Next page">
          <Chevron direction="right" />
        </button>
      </div>
    </nav>
  );
}
