import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';

/** `UsersController.me` becomes operationId `Users_me` (the client's `usersMe`). */
function operationId(controllerKey: string, methodKey: string): string {
  return `${controllerKey.replace(/Controller$/, '')}_${methodKey}`;
}

export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('KYC platform API')
    .setDescription(
      'Identity verification back-office. Integrators authenticate with `Authorization: Bearer <API key>` on the ' +
        'operations that list the bearer scheme (any other answers a key 403 API_KEY_NOT_ALLOWED); ' +
        'the dashboard uses a session cookie. Every path starts with /api.',
    )
    .setVersion('1.0')
    .addBearerAuth({
      type: 'http',
      scheme: 'bearer',
      description: 'API key (kyc_sk_…) on the integrator operations; on the verification page’s /kyc routes, a widget token or the companyKey',
    })
    .addCookieAuth('kyc.sid')
    .build();
  return SwaggerModule.createDocument(app, config, { operationIdFactory: operationId });
}

export function setupOpenApi(app: INestApplication): void {
  SwaggerModule.setup('api/docs', app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: 'api/docs-json',
    customSiteTitle: 'KYC platform API',
  });
}
