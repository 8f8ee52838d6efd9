import { ApiProperty } from '@nestjs/swagger';

export class ApiKeyDto {
  @ApiProperty({ description: 'Secret key for `Authorization: Bearer`', example: 'kyc_sk_3q2n…' })
  apiKey: string;
}
