import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { HIT_VERDICTS, type HitVerdict } from './screening-check.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class ReviewScreeningHitDto {
  @ApiProperty({
    maxLength: 100,
    example: 'ofac-sdn:9101',
    description: "The hit's `key` in the `sanctions-screening` check's evidence (`<list>:<the list's id>`)",
  })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  hit: string;

  @ApiProperty({
    enum: HIT_VERDICTS,
    enumName: 'HitVerdict',
    description: 'false-positive: not this person (not raised again for the same data); true-match: the applicant is the listed person',
  })
  @IsIn(HIT_VERDICTS)
  verdict: HitVerdict;

  @ApiProperty({ minLength: 1, maxLength: 1000, example: 'Different date of birth and nationality on the passport' })
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'note must not be empty' })
  @MaxLength(1000)
  note: string;
}
