import { vi } from 'vitest';

import { statusText, type ErrorBody, type ErrorCode } from '../api/client';
import { endpointOf, type HttpMethod, type SdkOperation } from '../api/endpoints';
import * as sdk from '../api/sdk';
import openapi from '../../../openapi.json';

// Tests answer requests by SDK operation (`applicantsApprove`), never by URL: the route
// table below is read from the SDK, so a test follows the API wherever its paths move.

type Sdk = typeof sdk;
/** The name of every SDK operation, e.g. 'applicantsApprove'. */
export type OperationId = { [Name in keyof Sdk]: Sdk[Name] extends SdkOperation ? Name : never }[keyof Sdk];

type OptionsOf<Op extends OperationId> = NonNullable<Parameters<Sdk[Op]>[0]>;
type Field<T, Key extends string> = T extends Partial<Record<Key, infer Value>> ? Value : never;

/** The operation's success body, e.g. `ApplicantChangeDto` for 'applicantsApprove'. */
export type ResponseOf<Op extends OperationId> = Exclude<Awaited<ReturnType<Sdk[Op]>>['data'], undefined>;
/** Path parameters as they arrived (decoded). */
export type PathOf<Op extends OperationId> = { [Key in keyof NonNullable<Field<OptionsOf<Op>, 'path'>>]: string };
/** Query parameters as they arrived: text, like any address. */
export type QueryOf<Op extends OperationId> = { [Key in keyof NonNullable<Field<OptionsOf<Op>, 'query'>>]?: string };
/** The JSON body as sent, typed as the operation's request body. */
export type BodyOf<Op extends OperationId> = Field<OptionsOf<Op>, 'body'> | undefined;

export interface ApiCall<Op extends OperationId = OperationId> {
  operation: Op;
  method: HttpMethod;
  /** The whole URL, with origin and query. */
  url: string;
  path: PathOf<Op>;
  query: QueryOf<Op>;
  body: BodyOf<Op>;
  headers: Headers;
  /** The request exactly as fetch received it (its body already read). */
  request: Request;
}

export interface MockAnswer<Body = unknown> {
  status?: number;
  statusText?: string;
  /** The success body, or the error body of a 4xx/5xx (see `apiError`; fields may be missing, as from a proxy). */
  body?: Body | Partial<ErrorBody>;
}

type Answer<Op extends OperationId> = MockAnswer<ResponseOf<Op>> | undefined;
export type ApiHandler<Op extends OperationId> = Answer<Op> | ((call: ApiCall<Op>) => Answer<Op> | Promise<Answer<Op>>);
/** Canned answers per operation; an operation without one answers 404. */
export type ApiHandlers = { [Op in OperationId]?: ApiHandler<Op> };

/** The server's error answer: `{ statusCode, message, error, code }`, plus any `extra` field a route adds. */
export function apiError(
  status: number,
  code: ErrorCode,
  message: string | string[] = statusText(status) ?? 'Error',
  extra: Record<string, unknown> = {},
): MockAnswer<never> {
  return { status, body: { ...extra, statusCode: status, message, error: statusText(status) ?? 'Error', code } };
}

interface Route {
  operation: OperationId;
  method: HttpMethod;
  pattern: RegExp;
  /** Routes without parameters win over templated ones ('/users/me' before '/users/{id}'). */
  parameters: number;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function buildRoutes(): Route[] {
  const routes: Route[] = [];
  for (const [name, value] of Object.entries(sdk)) {
    if (typeof value !== 'function') continue;
    const { method, url } = endpointOf(value as SdkOperation);
    const parts = url.split(/(\{[^{}]+\})/);
    const source = parts.map((part) => (/^\{[^{}]+\}$/.test(part) ? `(?<${part.slice(1, -1)}>[^/]+)` : escape(part))).join('');
    routes.push({
      operation: name as OperationId,
      method,
      pattern: new RegExp(`^${source}$`),
      parameters: parts.filter((part) => part.startsWith('{')).length,
    });
  }
  return routes.sort((a, b) => a.parameters - b.parameters);
}

let routeTable: Route[] | undefined;

/** Which operation a request is, with its path parameters; undefined for no SDK operation. */
export function matchOperation(method: string, url: string): { operation: OperationId; path: Record<string, string> } | undefined {
  routeTable ??= buildRoutes();
  const { pathname } = new URL(url, 'http://localhost');
  for (const route of routeTable) {
    if (route.method !== method) continue;
    const match = route.pattern.exec(pathname);
    if (!match) continue;
    const path = Object.fromEntries(Object.entries(match.groups ?? {}).map(([key, value]) => [key, decodeURIComponent(value)]));
    return { operation: route.operation, path };
  }
  return undefined;
}

function toResponse(answer: MockAnswer): Response {
  const status = answer.status ?? 200;
  const hasBody = answer.body !== undefined && status !== 204;
  return new Response(hasBody ? JSON.stringify(answer.body) : null, {
    status,
    statusText: answer.statusText ?? '',
    headers: hasBody ? { 'Content-Type': 'application/json' } : {},
  });
}

const NOT_FOUND = apiError(404, 'NOT_FOUND', 'Not Found');

type OpenApiResponses = Record<string, { content?: Record<string, { schema?: unknown }> }>;
const openApiPaths = openapi.paths as unknown as Record<string, Record<string, { responses?: OpenApiResponses }>>;

/** The codes openapi.json documents for this operation's answers with `status`. */
function documentedCodes(operation: OperationId, status: number): string[] {
  const { method, url } = endpointOf(sdk[operation] as SdkOperation);
  const response = openApiPaths[url]?.[method.toLowerCase()]?.responses?.[String(status)];
  return [...JSON.stringify(response ?? {}).matchAll(/"enum":\[([^\]]*)\]/g)].flatMap((match) => JSON.parse(`[${match[1]}]`) as string[]);
}

/**
 * A canned 4xx must be an answer the server documents for that operation: a test that
 * mocks a code the operation never sends (say `UNAUTHENTICATED` where it sends
 * `SIGN_IN_REQUIRED`) fails here instead of testing a path no user can reach.
 */
function checkDocumented(operation: OperationId, answer: MockAnswer): void {
  const status = answer.status ?? 200;
  const code = (answer.body as Partial<ErrorBody> | undefined)?.code;
  if (status < 400 || status >= 500 || code === undefined) return;
  const codes = documentedCodes(operation, status);
  if (!codes.includes(code)) {
    undocumented.push(`${operation} never answers ${status} ${code}: openapi.json documents ${codes.length > 0 ? codes.join(', ') : `no ${status} answer`}`);
  }
}

/** Undocumented answers of the running test, reported by `assertAnswersDocumented` after it. */
const undocumented: string[] = [];

/** Fails the test that mocked an answer the server never gives (run after each test by testing/setup). */
export function assertAnswersDocumented(): void {
  const found = undocumented.splice(0);
  if (found.length > 0) throw new Error(`Mocked answers the server never gives:\n${found.join('\n')}`);
}

/**
 * Replaces fetch with the canned `handlers`, keyed by SDK operation. Every request is
 * recorded; a request no handler answers gets the server's 404.
 */
export function mockApi(handlers: ApiHandlers = {}) {
  const calls: ApiCall[] = [];
  const current: ApiHandlers = { ...handlers };

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const text = await request.clone().text();
    let body: unknown;
    if (text !== '') {
      try {
        body = JSON.parse(text) as unknown;
      } catch {
        body = text;
      }
    }
    const matched = matchOperation(request.method, request.url);
    if (!matched) return toResponse(NOT_FOUND);
    const call = {
      operation: matched.operation,
      method: request.method as HttpMethod,
      url: request.url,
      path: matched.path,
      query: Object.fromEntries(new URL(request.url).searchParams),
      body,
      headers: request.headers,
      request,
    } as ApiCall;
    calls.push(call);
    const handler = current[matched.operation] as ApiHandler<OperationId> | undefined;
    const answer = typeof handler === 'function' ? await handler(call) : handler;
    if (answer) checkDocumented(matched.operation, answer);
    return toResponse(answer ?? NOT_FOUND);
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    fetchMock,
    calls,
    /** The calls made so far to this operation. */
    callsTo: <Op extends OperationId>(operation: Op) => calls.filter((call): call is ApiCall<Op> => call.operation === operation),
    /** Adds or replaces answers for the rest of the test. */
    answer: (more: ApiHandlers) => Object.assign(current, more),
  };
}

export type MockedApi = ReturnType<typeof mockApi>;
