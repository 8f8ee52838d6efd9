import { ApiProperty } from '@nestjs/swagger';

/** The one error shape of the API (ErrorBody), as the OpenAPI document declares it. */
export class ErrorResponse {
  @ApiProperty({ type: 'integer', description: 'The HTTP status again', example: 404 })
  statusCode: number;

  @ApiProperty({ description: 'The HTTP status text', example: 'Not Found' })
  error: string;

  @ApiProperty({ description: 'The stable machine code: decide on it (docs/api.md lists every code)', example: 'APPLICANT_NOT_FOUND' })
  code: string;

  @ApiProperty({
    oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }],
    description: 'For people, may change wording; for VALIDATION_FAILED the list of every problem found',
    example: 'Applicant not found',
  })
  message: string | string[];
}
