import { ApiProperty } from '@nestjs/swagger';

export class ScreenedListDto {
  @ApiProperty({ example: 'ofac-sdn' }) source: string;
  @ApiProperty({ type: String, nullable: true, example: '2026-11-01' }) version: string | null;
}

/** "Screen now" accepted: the screening is queued (the check replaces the last one when done). */
export class ScreeningRequestDto {
  @ApiProperty({ type: [ScreenedListDto], description: 'The lists in force, which the applicant is screened against' })
  lists: ScreenedListDto[];
}
