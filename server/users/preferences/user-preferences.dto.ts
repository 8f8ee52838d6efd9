import { ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsOptional, IsString, Matches } from 'class-validator';

/**
 * A staff member's back-office settings. Every key is optional: a PUT sets the keys it
 * sends (null resets one to its default) and keeps the others. Add a setting here.
 */
export class UserPreferencesDto {
  @ApiPropertyOptional({
    type: [String],
    nullable: true,
    example: ['userId', 'name', 'kycStatus', 'reviewAnswer', 'assignee'],
    description: 'The applicants list columns shown, in order; null: the default columns',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(30)
  @IsString({ each: true })
  @Matches(/^[A-Za-z]{1,32}$/, { each: true, message: 'each column must be a column name' })
  applicantListColumns?: string[] | null;
}
