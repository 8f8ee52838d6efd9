import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { TagDto } from '../../applicants/dto/applicant-list.dto.js';
import { TAG_COLORS, type TagColor } from '../../applicants/tags/tag-colors.js';

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class CreateTagDto {
  @ApiProperty({ minLength: 1, maxLength: 40, example: 'Second look' })
  @Transform(trimmed)
  @IsString()
  @MinLength(1, { message: 'name must not be empty' })
  @MaxLength(40)
  name: string;

  @ApiProperty({ enum: TAG_COLORS })
  @IsIn(TAG_COLORS, { message: `color must be one of: ${TAG_COLORS.join(', ')}` })
  color: TagColor;
}

export class UpdateTagDto {
  @ApiPropertyOptional({ minLength: 1, maxLength: 40 })
  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @MinLength(1, { message: 'name must not be empty' })
  @MaxLength(40)
  name?: string;

  @ApiPropertyOptional({ enum: TAG_COLORS })
  @IsOptional()
  @IsIn(TAG_COLORS, { message: `color must be one of: ${TAG_COLORS.join(', ')}` })
  color?: TagColor;
}

export class ApplicantTagsDto {
  @ApiProperty()
  userId: string;

  @ApiProperty({ type: [TagDto] })
  tags: TagDto[];
}
