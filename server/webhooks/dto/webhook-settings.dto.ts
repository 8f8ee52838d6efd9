import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, IsUrl, MaxLength } from 'class-validator';
import { OpensAsUrl } from '../../common/validation/opens-as-url.decorator.js';

const HTTP_URL: Parameters<typeof IsUrl>[0] = { protocols: ['http', 'https'], require_protocol: true, require_tld: false };

export class WebhookSettingsDto {
  @ApiProperty({ type: String, nullable: true, description: 'Where signed events are POSTed', example: 'https://api.example.com/kyc-webhook' })
  webhook: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'Where the verification page sends the end user when done' })
  redirectUrl: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'Standard Webhooks signing secret (whsec_…); created when the first webhook URL is saved. Shown only to a signed-in session: null in an answer to an API key.',
    example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  })
  secret: string | null;
}

export class UpdateWebhookDto {
  @ApiProperty({ maxLength: 2048, example: 'https://api.example.com/kyc-webhook', description: 'An http(s) URL on a public address' })
  // Reported in reverse order of declaration: the URL message comes first, as the client expects.
  @IsString()
  @IsNotEmpty()
  @MaxLength(2048)
  @IsUrl(HTTP_URL)
  webhook: string;
}

export class UpdateRedirectUrlDto {
  @ApiProperty({ maxLength: 2048, example: 'https://www.example.com/kyc-done', description: 'An http(s) URL' })
  // Reported in reverse order of declaration: the URL message comes first, as the client expects.
  @IsString()
  @IsNotEmpty()
  @MaxLength(2048)
  @IsUrl(HTTP_URL)
  @OpensAsUrl({ message: 'redirectUrl must be a URL address' })
  redirectUrl: string;
}
