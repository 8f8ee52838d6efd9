import { ApiProperty } from '@nestjs/swagger';

export class ApplicantCheckDto {
  @ApiProperty({ enum: ['document-not-expired', 'adult', 'document-number-unique', 'images-readable'] }) name: string;
  @ApiProperty() passed: boolean;
  @ApiProperty() detail: string;
  @ApiProperty() createdAt: Date;
}
