import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';

export class CreateApplicantViewDto {
  @ApiProperty({ minLength: 1, maxLength: 80, example: 'Flagged, unassigned' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @MinLength(1, { message: 'name must not be empty' })
  @MaxLength(80)
  name: string;

  @ApiProperty({ maxLength: 2000, example: 'flagged=any&assignee=unassigned&orderBy=submittedAt', description: "The list's query string, without '?'" })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().replace(/^\?/, '') : value))
  @IsString()
  @MaxLength(2000)
  @Matches(/^[^\s#]*$/, { message: 'query must be a URL query string (no spaces or #)' })
  query: string;

  @ApiPropertyOptional({ default: false, description: 'Shared with the organization (owner and admins only)' })
  @IsOptional()
  @IsBoolean()
  shared?: boolean;
}

export class ApplicantViewDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty()
  name: string;

  @ApiProperty()
  query: string;

  @ApiProperty()
  shared: boolean;

  @ApiProperty({ description: 'The caller saved it' })
  mine: boolean;

  @ApiProperty({ description: 'The caller may delete it' })
  deletable: boolean;
}
