import type { ErrorCatalogue } from './app-error.js';

export const API_ERRORS = 'apiErrors';

/** One error an operation can answer, as the OpenAPI document lists it. */
export interface DocumentedError {
  code: string;
  status: number;
  /** The catalogue's description, else its message. */
  meaning: string;
}

/**
 * The errors a route (or every route of a controller) can answer besides those of the
 * guards, validation and body parsing, which server/openapi.ts adds from their metadata:
 * `@ApiErrors(APPLICANT_ERRORS, 'APPLICANT_NOT_FOUND')`. The document groups them by
 * status, with each code and its meaning; it refuses a 4xx response without codes.
 */
export function ApiErrors<Code extends string>(catalogue: ErrorCatalogue<Code>, ...codes: Code[]): ClassDecorator & MethodDecorator {
  const errors = documentedErrors(catalogue, ...codes);
  return (target: object, _key?: string | symbol, descriptor?: PropertyDescriptor) => {
    const holder = (descriptor?.value ?? target) as object;
    const earlier = (Reflect.getOwnMetadata(API_ERRORS, holder) as DocumentedError[] | undefined) ?? [];
    Reflect.defineMetadata(API_ERRORS, [...earlier, ...errors], holder);
  };
}

/** Catalogue entries as the document lists them. */
export function documentedErrors<Code extends string>(catalogue: ErrorCatalogue<Code>, ...codes: Code[]): DocumentedError[] {
  return codes.map((code) => {
    const entry = catalogue.entries[code];
    return { code, status: entry.status, meaning: entry.description ?? entry.message };
  });
}
