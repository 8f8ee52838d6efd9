import { SetMetadata } from '@nestjs/common';

export const IDEMPOTENT = 'idempotent';

/**
 * For the OpenAPI document: the route takes an `Idempotency-Key` header (the handler runs
 * its work through Idempotency.run). server/openapi.ts adds the header, the
 * `Idempotent-Replayed` answer header and the idempotency errors.
 */
export const Idempotent = () => SetMetadata(IDEMPOTENT, true);
