import type { INestApplication, Type } from '@nestjs/common';
import { GUARDS_METADATA } from '@nestjs/common/constants.js';
import { ModulesContainer } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { API_KEY_ALLOWED } from './common/access/api-key-allowed.decorator.js';
import { AUTHENTICATED_BY, type SecuritySchemeName } from './common/access/authenticated-by.decorator.js';
import { IS_PUBLIC } from './common/access/public.decorator.js';
import { WidgetTokenGuard } from './kyc/widget-token.guard.js';

/** `UsersController.me` becomes operationId `Users_me` (the client's `usersMe`). */
function operationId(controllerKey: string, methodKey: string): string {
  return `${controllerKey.replace(/Controller$/, '')}_${methodKey}`;
}

type Security = Partial<Record<SecuritySchemeName, string[]>>[];

/**
 * What each operation accepts, read from the same metadata the guards enforce:
 * @Public() routes need nothing (or their own credential, @AuthenticatedBy), the widget
 * routes a widget token, @ApiKeyAllowed() routes a session or an API key, every other
 * route a session. test/api/access.spec.ts compares it with the access table.
 */
function securityByOperation(app: INestApplication): Map<string, Security> {
  const result = new Map<string, Security>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Type | null;
      if (!controller) continue;
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, unknown>)[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const read = <T>(key: string): T | undefined => Reflect.getMetadata(key, handler) ?? Reflect.getMetadata(key, controller);
        const guards = [...((Reflect.getMetadata(GUARDS_METADATA, handler) as unknown[]) ?? []), ...((Reflect.getMetadata(GUARDS_METADATA, controller) as unknown[]) ?? [])];
        const own = read<SecuritySchemeName>(AUTHENTICATED_BY);
        const security: Security = guards.includes(WidgetTokenGuard)
          ? [{ widgetToken: [] }]
          : own
            ? [{ [own]: [] }]
            : read<boolean>(IS_PUBLIC)
              ? []
              : read<boolean>(API_KEY_ALLOWED)
                ? // The key first: a generated client given one credential applies the first scheme it fits.
                  [{ apiKey: [] }, { session: [] }]
                : [{ session: [] }];
        result.set(operationId(controller.name, name), security);
      }
    }
  }
  return result;
}

export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('KYC platform API')
    .setDescription(
      'Identity verification back-office. Each operation lists what it accepts: the dashboard’s session cookie, ' +
        'an API key (`Authorization: Bearer kyc_sk_…`, the integrator operations only — any other answers a key ' +
        '403 API_KEY_NOT_ALLOWED), a widget token (the verification page) or a companyKey. Every path starts with /api.',
    )
    // 1.MINOR.PATCH: MINOR up with every addition, PATCH for the document alone (docs/api.md, Versioning).
    .setVersion('1.1.0')
    .addSecurity('session', { type: 'apiKey', in: 'cookie', name: 'kyc.sid', description: 'The dashboard’s session, set by POST /api/auth/login' })
    .addSecurity('apiKey', { type: 'http', scheme: 'bearer', description: 'The account’s API key (kyc_sk_…), from Settings → Developer' })
    .addSecurity('widgetToken', { type: 'http', scheme: 'bearer', description: 'A widget token from POST /api/kyc/session-token or GET /api/kyc/get-new-token (15 minutes)' })
    .addSecurity('widgetTokenQuery', { type: 'apiKey', in: 'query', name: 'token', description: 'A widget token in the query (server-sent events cannot send headers)' })
    .addSecurity('companyKey', { type: 'http', scheme: 'bearer', description: 'The organization’s public companyKey (pk_…), as the specification’s verification link sends it' })
    .build();
  const document = SwaggerModule.createDocument(app, config, { operationIdFactory: operationId });
  const security = securityByOperation(app);
  for (const path of Object.values(document.paths)) {
    for (const operation of Object.values(path)) {
      if (!operation || typeof operation !== 'object' || !('operationId' in operation)) continue;
      const schemes = security.get(operation.operationId as string);
      if (schemes) operation.security = schemes;
    }
  }
  return document;
}

export function setupOpenApi(app: INestApplication): void {
  SwaggerModule.setup('api/docs', app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: 'api/docs-json',
    customSiteTitle: 'KYC platform API',
  });
}
