import type { INestApplication, Type } from '@nestjs/common';
import { GUARDS_METADATA } from '@nestjs/common/constants.js';
import { ModulesContainer } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject, type OperationObject, type ResponseObject } from '@nestjs/swagger';
import { STATUS_CODES } from 'node:http';
import { ACCESS_ERRORS } from './common/access/access.errors.js';
import { API_KEY_ALLOWED } from './common/access/api-key-allowed.decorator.js';
import { AUTHENTICATED_BY, type SecuritySchemeName } from './common/access/authenticated-by.decorator.js';
import { ENROLMENT_ALLOWED } from './common/access/enrolment-allowed.decorator.js';
import { NOT_DEMO } from './common/access/not-demo.decorator.js';
import { RECENT_AUTHENTICATION } from './common/access/recent-authentication.decorator.js';
import { IS_PUBLIC } from './common/access/public.decorator.js';
import { REQUIRED_PERMISSION } from './common/access/require-permission.decorator.js';
import { ROLE_REQUIREMENT } from './common/access/roles.decorator.js';
import { API_ERRORS, documentedErrors, type DocumentedError } from './common/errors/api-errors.decorator.js';
import { GENERIC_ERRORS } from './common/errors/app-error.js';
import { IDEMPOTENCY_ERRORS } from './common/idempotency/idempotency.errors.js';
import { IDEMPOTENT } from './common/idempotency/idempotent.decorator.js';
import { ErrorResponse } from './common/errors/error-response.dto.js';
import { AUTH_ERRORS } from './auth/auth.errors.js';
import { KYC_ERRORS } from './kyc/kyc.errors.js';
import { WidgetTokenGuard } from './kyc/widget-token.guard.js';
import { ApplicantWebhookEvent } from './applicants/dto/applicant-webhook-event.dto.js';
import { TestWebhookEvent } from './webhooks/dto/webhook-test-event.dto.js';
import { webhookOperations } from './webhooks/webhooks.openapi.js';

/** `UsersController.me` becomes operationId `Users_me` (the client's `usersMe`). */
function operationId(controllerKey: string, methodKey: string): string {
  return `${controllerKey.replace(/Controller$/, '')}_${methodKey}`;
}

type Security = Partial<Record<SecuritySchemeName, string[]>>[];

interface OperationFacts {
  security: Security;
  /** The errors its guards can answer, then those its controller and handler declare (@ApiErrors). */
  errors: DocumentedError[];
  idempotent: boolean;
}

/**
 * What each operation accepts and which errors its guards answer, read from the same
 * metadata the guards enforce: @Public() routes need nothing (or their own credential,
 * @AuthenticatedBy), the widget routes a widget token, @ApiKeyAllowed() routes a session
 * or an API key, every other route a session. test/api/access.spec.ts compares the
 * security with the access table.
 */
function factsByOperation(app: INestApplication): Map<string, OperationFacts> {
  const result = new Map<string, OperationFacts>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Type | null;
      if (!controller) continue;
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, unknown>)[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const read = <T>(key: string): T | undefined => Reflect.getMetadata(key, handler) ?? Reflect.getMetadata(key, controller);
        const guards = [
          ...((Reflect.getMetadata(GUARDS_METADATA, handler) as unknown[]) ?? []),
          ...((Reflect.getMetadata(GUARDS_METADATA, controller) as unknown[]) ?? []),
        ];
        const own = read<SecuritySchemeName>(AUTHENTICATED_BY);
        const widget = guards.includes(WidgetTokenGuard);
        const signedIn = !widget && !own && !read<boolean>(IS_PUBLIC);
        const apiKey = signedIn && read<boolean>(API_KEY_ALLOWED) === true;
        const security: Security = widget
          ? [{ widgetToken: [] }]
          : own
            ? [{ [own]: [] }]
            : !signedIn
              ? []
              : apiKey
                ? // The key first: a generated client given one credential applies the first scheme it fits.
                  [{ apiKey: [] }, { session: [] }]
                : [{ session: [] }];
        const errors: DocumentedError[] = [];
        if (widget) errors.push(...documentedErrors(KYC_ERRORS, 'invalid-token'));
        if (signedIn) {
          errors.push(...documentedErrors(ACCESS_ERRORS, 'SIGN_IN_REQUIRED'));
          if (!apiKey) errors.push(...documentedErrors(ACCESS_ERRORS, 'API_KEY_NOT_ALLOWED'));
          if (read(ROLE_REQUIREMENT) || read(REQUIRED_PERMISSION)) errors.push(...documentedErrors(ACCESS_ERRORS, 'PERMISSION_DENIED'));
          if (read(NOT_DEMO)) errors.push(...documentedErrors(ACCESS_ERRORS, 'DEMO_NOT_ALLOWED'));
          if (read(RECENT_AUTHENTICATION)) errors.push(...documentedErrors(ACCESS_ERRORS, 'REAUTHENTICATION_REQUIRED'));
          if (!read<boolean>(ENROLMENT_ALLOWED)) errors.push(...documentedErrors(AUTH_ERRORS, 'TWO_FACTOR_ENROLMENT_REQUIRED'));
        }
        errors.push(
          ...((Reflect.getMetadata(API_ERRORS, controller) as DocumentedError[] | undefined) ?? []),
          ...((Reflect.getMetadata(API_ERRORS, handler) as DocumentedError[] | undefined) ?? []),
        );
        const idempotent = read<boolean>(IDEMPOTENT) === true;
        if (idempotent)
          errors.push(...documentedErrors(IDEMPOTENCY_ERRORS, 'IDEMPOTENCY_KEY_INVALID', 'IDEMPOTENCY_KEY_REUSED', 'IDEMPOTENCY_REQUEST_IN_PROGRESS'));
        result.set(operationId(controller.name, name), { security, errors, idempotent });
      }
    }
  }
  return result;
}

const WRITES = new Set(['post', 'put', 'patch', 'delete']);

/** What every request of this method and body can be refused with before any route runs. */
function requestErrors(method: string, operation: OperationObject): DocumentedError[] {
  // The NUL character and the like are refused anywhere in the path, query or body (docs/api.md, Errors).
  const errors = documentedErrors(GENERIC_ERRORS, 'VALIDATION_FAILED');
  const body = operation.requestBody && 'content' in operation.requestBody ? operation.requestBody.content : undefined;
  if (body?.['application/json']) errors.push(...documentedErrors(GENERIC_ERRORS, 'MALFORMED_JSON', 'PAYLOAD_TOO_LARGE'));
  // The CSRF defence checks every write that carries the session cookie, whatever the route.
  if (WRITES.has(method)) errors.push(...documentedErrors(ACCESS_ERRORS, 'CSRF_ORIGIN_REFUSED', 'CSRF_HEADER_MISSING'));
  return errors;
}

/**
 * One response per error status: the route's own words (if its decorators gave some),
 * then each code with its meaning; the body is the ErrorResponse with `code` narrowed to
 * those codes, so a generated client can type its errors.
 */
function documentErrors(id: string, operation: OperationObject, errors: DocumentedError[]): string[] {
  const problems: string[] = [];
  const byStatus = new Map<number, Map<string, string>>();
  for (const error of errors) {
    const codes = byStatus.get(error.status) ?? new Map<string, string>();
    codes.set(error.code, error.meaning);
    byStatus.set(error.status, codes);
  }
  for (const [status, response] of Object.entries(operation.responses) as [string, ResponseObject][]) {
    if (/^4\d\d$/.test(status) && !byStatus.has(Number(status)))
      problems.push(`${id} documents a ${status} answer without its error codes: add @ApiErrors(…) to the handler`);
    if (/^4\d\d$/.test(status) && 'content' in response) problems.push(`${id}: a ${status} answer is an ErrorResponse, declared by @ApiErrors`);
  }
  for (const status of [...byStatus.keys()].sort()) {
    const codes = [...byStatus.get(status)!.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
    const given = (operation.responses[status] as ResponseObject | undefined)?.description;
    const lines = codes.map(([code, meaning]) => `- \`${code}\`: ${meaning}`);
    operation.responses[status] = {
      description: [given ?? STATUS_CODES[status], '', ...lines].join('\n'),
      content: {
        'application/json': {
          schema: {
            allOf: [
              { $ref: '#/components/schemas/ErrorResponse' },
              { type: 'object', required: ['code'], properties: { code: { type: 'string', enum: codes.map(([code]) => code) } } },
            ],
          },
        },
      },
    };
  }
  return problems;
}

/** The `Idempotency-Key` request header and the `Idempotent-Replayed` answer header of an @Idempotent() route. */
function documentIdempotency(operation: OperationObject): void {
  // Replaces the parameter @nestjs/swagger reads from `@Headers('idempotency-key')`, which it marks required.
  const others = (operation.parameters ?? []).filter(
    (parameter) => !('in' in parameter && parameter.in === 'header' && parameter.name.toLowerCase() === 'idempotency-key'),
  );
  operation.parameters = [
    ...others,
    {
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description:
        'Any unique string of 1 to 255 visible ASCII characters (a UUID is a good choice). A retry with the same key and body within 24 hours — after a timeout, or while the first request still runs — answers the first answer and does nothing again; the same key with another body is 409 IDEMPOTENCY_KEY_REUSED. A request that failed does not keep its key. Keys belong to the caller’s account.',
      schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
      example: '8e0f5a3c-2b1d-4f6e-9a7c-5d3b1e0f2a4c',
    },
  ];
  for (const [status, response] of Object.entries(operation.responses) as [string, ResponseObject][]) {
    if (!/^2\d\d$/.test(status)) continue;
    response.headers = {
      ...response.headers,
      'Idempotent-Replayed': {
        description: '`true` when this is the stored answer of an earlier request with the same Idempotency-Key',
        schema: { type: 'string', enum: ['true'] },
      },
    };
  }
}

export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setOpenAPIVersion('3.1.0')
    .setTitle('KYC platform API')
    .setDescription(
      'Identity verification back-office. Each operation lists what it accepts: the dashboard’s session cookie, ' +
        'an API key (`Authorization: Bearer kyc_sk_…`, the integrator operations only — any other answers a key ' +
        '403 API_KEY_NOT_ALLOWED), a widget token (the verification page) or a companyKey. Every path starts with /api. ' +
        'Errors answer `{ statusCode, error, code, message }`: decide on `code`, which each operation lists. ' +
        'The webhooks section describes the signed events sent to your webhook URL.',
    )
    // 1.MINOR.PATCH: MINOR up with every addition, PATCH for the document alone (docs/api.md, Versioning).
    .setVersion('1.2.0')
    .setLicense('MIT', 'https://opensource.org/license/mit')
    // Relative: the server that serves the document (a self-hosted platform has no one URL);
    // a generated client is given its base URL, e.g. https://kyc.example.com.
    .addServer('/', 'The server this document is served from')
    .addSecurity('session', { type: 'apiKey', in: 'cookie', name: 'kyc.sid', description: 'The dashboard’s session, set by POST /api/auth/login' })
    .addSecurity('apiKey', { type: 'http', scheme: 'bearer', description: 'The account’s API key (kyc_sk_…), from Settings → Developer' })
    .addSecurity('widgetToken', {
      type: 'http',
      scheme: 'bearer',
      description: 'A widget token from POST /api/kyc/session-token or GET /api/kyc/get-new-token (15 minutes)',
    })
    .addSecurity('widgetTokenQuery', {
      type: 'apiKey',
      in: 'query',
      name: 'token',
      description: 'A widget token in the query (server-sent events cannot send headers)',
    })
    .addSecurity('companyKey', {
      type: 'http',
      scheme: 'bearer',
      description: 'The organization’s public companyKey (pk_…), as the specification’s verification link sends it',
    })
    .build();
  const document = SwaggerModule.createDocument(
    app,
    { ...config, webhooks: webhookOperations() },
    { operationIdFactory: operationId, extraModels: [ErrorResponse, ApplicantWebhookEvent, TestWebhookEvent] },
  );
  const facts = factsByOperation(app);
  const problems: string[] = [];
  for (const path of Object.values(document.paths)) {
    for (const [method, operation] of Object.entries(path) as [string, OperationObject][]) {
      if (!operation || typeof operation !== 'object' || !('operationId' in operation)) continue;
      const id = operation.operationId as string;
      const known = facts.get(id);
      if (!known) continue;
      operation.security = known.security;
      if (known.idempotent) documentIdempotency(operation);
      problems.push(...documentErrors(id, operation, [...requestErrors(method, operation), ...known.errors]));
    }
  }
  if (problems.length > 0) throw new Error(problems.join('\n'));
  return document;
}

export function setupOpenApi(app: INestApplication): void {
  SwaggerModule.setup('api/docs', app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: 'api/docs-json',
    customSiteTitle: 'KYC platform API',
  });
}
