import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsUUID } from 'class-validator';
import { ApplicantAssigneeDto } from '../../applicants/dto/applicant-list.dto.js';

export class AssignApplicantDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'The member to assign; absent: the caller' })
  @IsOptional()
  @IsUUID(undefined, { message: 'userId must be a user id' })
  userId?: string;
}

export class ApplicantAssignmentDto {
  @ApiProperty()
  userId: string;

  @ApiProperty({ type: ApplicantAssigneeDto, nullable: true })
  assignee: ApplicantAssigneeDto | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  assignedAt: Date | null;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When the lock of an assignment taken by opening the case (or next-unassigned) ends; null: no lock (assigned by hand, or unassigned)',
  })
  lockedUntil: Date | null;
}
