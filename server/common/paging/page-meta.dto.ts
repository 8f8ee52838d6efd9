import { ApiProperty } from '@nestjs/swagger';

/** The spec's paged-list meta. `pageLength` is the number of items in THIS page (see docs/decisions.md). */
export class PageMetaDto {
  @ApiProperty({ type: 'integer', minimum: 1, description: 'The page answered (1-based)' })
  page: number;

  @ApiProperty({ type: 'integer', minimum: 0, description: 'Number of items in this page (0 beyond the last page)' })
  pageLength: number;

  @ApiProperty({ type: 'integer', minimum: 0, description: 'Number of pages at the requested page size (0 when nothing matches)' })
  totalPages: number;

  @ApiProperty()
  hasPreviousPage: boolean;

  @ApiProperty()
  hasNextPage: boolean;
}

export function pageMeta(page: number, pageSize: number, totalItems: number, pageLength: number): PageMetaDto {
  const totalPages = Math.ceil(totalItems / pageSize);
  return { page, pageLength, totalPages, hasPreviousPage: page > 1, hasNextPage: page < totalPages };
}

/** OFFSET of a page; pages are 1-based. */
export function pageOffset(page: number, pageSize: number): number {
  return (page - 1) * pageSize;
}
