import { ApiProperty } from '@nestjs/swagger';

/** A single sign-on provider as the sign-in page shows it; nothing about its configuration. */
export class OidcProviderDto {
  @ApiProperty({ description: 'Used in /api/auth/oidc/{provider}/start', example: 'acme' })
  id: string;

  @ApiProperty({ description: 'Shown as "Sign in with <name>"', example: 'Acme Okta' })
  name: string;
}
