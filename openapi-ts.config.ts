import { defineConfig } from '@hey-api/openapi-ts';

/** The client's API types and SDK, generated from the committed openapi.json. */
export default defineConfig({
  input: 'openapi.json',
  output: { path: 'client/src/api/generated', postProcess: [] },
  plugins: ['@hey-api/typescript', '@hey-api/sdk', '@hey-api/client-fetch'],
});
