import { ApiProperty } from '@nestjs/swagger';

export class OwnerCheckDto {
  @ApiProperty({ description: 'true when the signed-in user owns at least one organization' })
  response: boolean;
}
