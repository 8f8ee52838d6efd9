import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { PageMetaDto } from '../../common/paging/page-meta.dto.js';
import { PageQueryDto } from '../../common/paging/page-query.dto.js';

/** One entry of an applicant's activity. */
export class AuditEventDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'applicant.updated', description: 'e.g. applicant.viewed, applicant.updated, applicant.approved' })
  action: string;

  @ApiProperty({ description: 'Username of the actor at the time' })
  actorName: string;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    nullable: true,
    description: 'applicant.updated: { changes: [{ field, from, to }] }; applicant.rejected: { reason, rejectType }; …',
  })
  detail: Record<string, unknown> | null;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt: Date;
}

/** An entry of the platform-wide trail (super-admins). */
export class AuditEventAdminDto extends AuditEventDto {
  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  actorId: string | null;

  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  organizationId: string | null;

  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  applicantId: string | null;
}

export class AuditEventPageDto {
  @ApiProperty({ type: [AuditEventDto] })
  items: AuditEventDto[];

  @ApiProperty({ type: PageMetaDto })
  meta: PageMetaDto;
}

export class AuditEventAdminPageDto {
  @ApiProperty({ type: [AuditEventAdminDto] })
  items: AuditEventAdminDto[];

  @ApiProperty({ type: PageMetaDto })
  meta: PageMetaDto;
}

export class AuditQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID()
  organizationId?: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'The applicant record id (not the integrator userId)' })
  @IsOptional()
  @IsUUID()
  applicantId?: string;

  @ApiPropertyOptional({ example: 'applicant.viewed' })
  @IsOptional()
  @IsString()
  @MaxLength(48)
  action?: string;
}
