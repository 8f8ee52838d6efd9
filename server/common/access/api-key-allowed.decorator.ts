import { SetMetadata } from '@nestjs/common';

export const API_KEY_ALLOWED = 'apiKeyAllowed';

/**
 * Opens a route to API keys (`Authorization: Bearer kyc_sk_…`): the integrator surface.
 * Deny by default: on any route without it, an API key gets 403 API_KEY_NOT_ALLOWED
 * whatever its account may do with a session. The OpenAPI document lists the apiKey
 * scheme beside the session on such routes (server/openapi.ts).
 */
export const ApiKeyAllowed = () => SetMetadata(API_KEY_ALLOWED, true);
