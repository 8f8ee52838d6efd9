import { PAGER_MAX_PAGE_BUTTONS, PAGE_SIZE_OPTIONS } from '../../config/constants';

/** Up to `max` consecutive page numbers, centred on `page` where the ends allow. */
export function getPageNumbers(page: number, totalPages: number, max: number = PAGER_MAX_PAGE_BUTTONS): number[] {
  if (totalPages < 1 || max < 1) return [];
  const current = Math.min(Math.max(page, 1), totalPages);
  const count = Math.min(max, totalPages);
  let start = current - Math.floor((count - 1) / 2);
  start = Math.max(1, Math.min(start, totalPages - count + 1));
  return Array.from({ length: count }, (_, index) => start + index);
}

/** The standard sizes, plus the current one when a caller uses another. */
export function getPageSizeOptions(current: number, options: readonly number[] = PAGE_SIZE_OPTIONS): number[] {
  const sizes = new Set(options);
  sizes.add(current);
  return [...sizes].sort((a, b) => a - b);
}
