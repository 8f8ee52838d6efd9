// Where an SDK operation goes, read from the SDK itself: for what is not a fetch call
// (EventSource, <img src>, the integrator documentation) and for tests that answer
// requests by operation. No '/api/...' string is typed anywhere else in the client.
import { apiClient } from './client';
import type { Client } from './generated/client';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** An SDK operation, e.g. `applicantsApprove`. */
export type SdkOperation = (options: never) => unknown;

/** An operation's options without the per-call ones the helpers supply themselves. */
export type OperationOptions<Operation extends SdkOperation> = Omit<NonNullable<Parameters<Operation>[0]>, 'client' | 'throwOnError' | 'signal'>;

export interface Endpoint {
  method: HttpMethod;
  /** The URL template as the SDK has it, e.g. '/api/projects/{id}/applicants/{userId}'. */
  url: string;
}

interface Recorded {
  method: HttpMethod;
  options: { url: string } & Record<string, unknown>;
}

const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Runs an operation against a client that only writes down what it was asked to send. */
function record(operation: SdkOperation, options: object = {}): Recorded {
  let recorded: Recorded | undefined;
  const recorder = Object.fromEntries(
    METHODS.map((method) => [
      method.toLowerCase(),
      (sent: Recorded['options']) => {
        recorded = { method, options: sent };
        return Promise.resolve();
      },
    ]),
  ) as unknown as Client;
  void (operation as (options: object) => unknown)({ ...options, client: recorder });
  if (!recorded) throw new Error(`${operation.name || 'operation'} is not an SDK operation`);
  return recorded;
}

const endpoints = new WeakMap<SdkOperation, Endpoint>();

/** The operation's method and URL template. */
export function endpointOf(operation: SdkOperation): Endpoint {
  let endpoint = endpoints.get(operation);
  if (!endpoint) {
    const { method, options } = record(operation);
    endpoint = { method, url: options.url };
    endpoints.set(operation, endpoint);
  }
  return endpoint;
}

/**
 * The same-origin URL of an operation with its path and query filled in (encoded, empty
 * query values left out), on the configured client: `new EventSource(urlOf(kycStatus, …))`.
 */
export function urlOf<Operation extends SdkOperation>(
  operation: Operation,
  ...[options]: Record<never, never> extends OperationOptions<Operation> ? [options?: OperationOptions<Operation>] : [options: OperationOptions<Operation>]
): string {
  const { options: sent } = record(operation, options);
  return apiClient.buildUrl(sent as Parameters<Client['buildUrl']>[0]);
}

/**
 * The URL template with its `{parameters}` written as given, verbatim: for documentation,
 * e.g. `pathTemplate(applicantsList, { id: '{organizationId}' })`.
 */
export function pathTemplate(operation: SdkOperation, parameters: Readonly<Record<string, string>> = {}): string {
  return endpointOf(operation).url.replace(/\{([^{}]+)\}/g, (placeholder, name: string) => (Object.hasOwn(parameters, name) ? parameters[name] : placeholder));
}

/** Swagger UI of this installation (served by the server beside the API, not an SDK operation). */
export const API_REFERENCE_PATH = '/api/docs';
