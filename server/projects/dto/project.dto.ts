import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { KYC_STATUSES, type KycStatus } from '../../applicants/applicant.enums.js';

export const ORGANIZATION_ROLES = ['owner', 'member', 'super-admin'] as const;

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class CreateProjectDto {
  @ApiProperty({ minLength: 1, maxLength: 100, example: 'Acme onboarding' })
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'name must not be empty' })
  @MaxLength(100)
  name: string;
}

/** An organization as listed for the caller. */
export class ProjectDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty()
  name: string;

  @ApiProperty({ example: 'pk_3q…', description: 'Publishable key that identifies the organization on the /kyc page' })
  companyKey: string;

  @ApiProperty({
    enum: ORGANIZATION_ROLES,
    description: "The caller's standing: owner, member, or super-admin (sees it without belonging to it)",
  })
  role: (typeof ORGANIZATION_ROLES)[number];
}

export class ProjectDetailsDto extends ProjectDto {
  @ApiProperty({ description: "The owner's username" })
  ownerUsername: string;

  @ApiProperty()
  isOwner: boolean;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt: Date;
}

export class StatusCountsDto {
  @ApiProperty() init: number;
  @ApiProperty() pending: number;
  @ApiProperty() prechecked: number;
  @ApiProperty() queued: number;
  @ApiProperty() completed: number;
  @ApiProperty() onHold: number;
}

export class ProjectStatsDto {
  @ApiProperty({ type: StatusCountsDto, description: 'Applicants per kycStatus (every status present, 0 when none)' })
  byStatus: Record<KycStatus, number>;

  @ApiProperty({ description: 'Applicants approved or rejected in the last 7 days' })
  decisionsLast7Days: number;

  @ApiProperty({ description: 'Applicants approved or rejected in the last 30 days' })
  decisionsLast30Days: number;

  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Median seconds from submission to the approve/reject decision; null when nothing was decided',
  })
  medianSecondsToDecision: number | null;
}

export const EMPTY_STATUS_COUNTS = (): Record<KycStatus, number> =>
  Object.fromEntries(KYC_STATUSES.map((status) => [status, 0])) as Record<KycStatus, number>;
