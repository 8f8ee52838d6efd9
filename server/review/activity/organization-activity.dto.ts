import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDateString, IsIn, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { AUDIT_ACTIONS, type AuditAction } from '../../audit/audit-actions.js';
import { PageQueryDto } from '../../common/paging/page-query.dto.js';

const absentIfEmpty = ({ value }: { value: unknown }) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** Filters of the organization's Activity screen; all optional, combined with AND. */
export class OrganizationActivityQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'Only what this account did' })
  @IsOptional()
  @Transform(absentIfEmpty)
  @IsUUID()
  actorId?: string;

  @ApiPropertyOptional({ enum: AUDIT_ACTIONS })
  @IsOptional()
  @Transform(absentIfEmpty)
  @IsIn(AUDIT_ACTIONS, { message: 'action must be one of the audit actions' })
  action?: AuditAction;

  @ApiPropertyOptional({ maxLength: 128, description: "Only entries about this applicant (the integrator's userId)" })
  @IsOptional()
  @Transform(absentIfEmpty)
  @IsString()
  @MaxLength(128)
  userId?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'From this instant (inclusive)' })
  @IsOptional()
  @Transform(absentIfEmpty)
  @IsDateString({}, { message: 'from must be an ISO 8601 date' })
  from?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Before this instant (exclusive)' })
  @IsOptional()
  @Transform(absentIfEmpty)
  @IsDateString({}, { message: 'to must be an ISO 8601 date' })
  to?: string;
}

export class OrganizationActivityItemDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'applicant.approved' }) action: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'Null for the applicant, the system or the API' }) actorId: string | null;
  @ApiProperty({ description: 'Username of the actor at the time' }) actorName: string;
  @ApiProperty({ type: String, nullable: true, description: "The applicant's userId, when the entry is about one that still exists" })
  userId: string | null;
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true }) detail: Record<string, unknown> | null;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt: Date;
}

/**
 * A page of the trail, newest first. No total: the trail grows by every view, and counting
 * millions of rows per page would cost more than the page.
 */
export class OrganizationActivityPageDto {
  @ApiProperty({ type: [OrganizationActivityItemDto] }) items: OrganizationActivityItemDto[];
  @ApiProperty() page: number;
  @ApiProperty() pageSize: number;
  @ApiProperty({ description: 'Whether a next page has entries' }) hasNextPage: boolean;
}
