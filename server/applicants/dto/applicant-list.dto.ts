import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { PageMetaDto } from '../../common/paging/page-meta.dto.js';
import { PageQueryDto } from '../../common/paging/page-query.dto.js';
import { KYC_STATUSES, type KycStatus } from '../applicant.enums.js';
import { APPLICANT_ORDER_BY, ORDER_DIRECTIONS, type ApplicantOrderBy, type OrderDirection } from '../applicant-fields.js';

/** Empty strings are treated as absent (spec §5). */
const trimmedOrAbsent = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
};

export class ApplicantListQueryDto extends PageQueryDto {
  @ApiPropertyOptional({
    maxLength: 100,
    description: 'Case-insensitive: userId or docNumber starting with it, or name containing it',
  })
  @IsOptional()
  @Transform(trimmedOrAbsent)
  @IsString()
  @MaxLength(100)
  search?: string;

  @ApiPropertyOptional({ enum: APPLICANT_ORDER_BY, default: 'userId' })
  @IsOptional()
  @Transform(trimmedOrAbsent)
  @IsIn(APPLICANT_ORDER_BY, { message: `orderBy must be one of: ${APPLICANT_ORDER_BY.join(', ')}` })
  orderBy?: ApplicantOrderBy;

  @ApiPropertyOptional({ enum: ORDER_DIRECTIONS, default: 'desc' })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() || undefined : value))
  @IsIn(ORDER_DIRECTIONS, { message: `orderDirection must be one of: ${ORDER_DIRECTIONS.join(', ')}` })
  orderDirection?: OrderDirection;
}

export class ApplicantsOverviewQueryDto extends ApplicantListQueryDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'Only this organization (404 unless the caller may see it)' })
  @IsOptional()
  @Transform(trimmedOrAbsent)
  @IsString()
  organizationId?: string;
}

export class ApplicantListItemDto {
  @ApiProperty({ description: "The integrator's own id for the end user (unique per organization)" })
  userId: string;

  @ApiProperty({ enum: KYC_STATUSES })
  kycStatus: KycStatus;

  @ApiProperty({ type: String, nullable: true, example: 'PASSPORT' })
  documentType: string | null;

  @ApiProperty({ format: 'uuid' })
  organizationId: string;
}

export class ApplicantPageDto {
  @ApiProperty({ type: [ApplicantListItemDto] })
  items: ApplicantListItemDto[];

  @ApiProperty({ type: PageMetaDto })
  meta: PageMetaDto;
}
