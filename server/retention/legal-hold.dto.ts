import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsString, MaxLength, MinLength } from 'class-validator';

export class LegalHoldRequestDto {
  @ApiProperty({ minLength: 3, maxLength: 500, example: 'Subpoena 2026-114', description: 'Why the hold is placed or lifted; kept in the audit trail' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @MinLength(3)
  @MaxLength(500)
  reason: string;
}
