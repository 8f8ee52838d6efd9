import { SetMetadata } from '@nestjs/common';

/** The OpenAPI security schemes (see server/openapi.ts). */
export type SecuritySchemeName = 'session' | 'apiKey' | 'widgetToken' | 'widgetTokenQuery' | 'companyKey';

export const AUTHENTICATED_BY = 'authenticatedBy';

/**
 * For the OpenAPI document only: a public route that checks a credential of its own
 * (the companyKey as a bearer token, a widget token in the query). Other routes' schemes
 * follow from @Public(), the widget-token guard and @ApiKeyAllowed().
 */
export const AuthenticatedBy = (scheme: SecuritySchemeName) => SetMetadata(AUTHENTICATED_BY, scheme);
