import { ApiProperty } from '@nestjs/swagger';

/** What one application of a retention policy did. */
export class RetentionRunDto {
  @ApiProperty({ type: 'integer', description: 'Applicants whose photos, selfies and face data were removed' })
  imagesRemoved: number;

  @ApiProperty({ type: 'integer', description: 'Applicants erased (identity data past its limit), each leaving a tombstone' })
  identitiesErased: number;
}
