import { defineConfig } from '@hey-api/openapi-ts';

/** The client's API types and SDK, generated from the committed openapi.json. */
export default defineConfig({
  input: 'openapi.json',
  output: { path: 'client/src/api/generated', postProcess: [] },
  // throwOnError once, here: every operation's type says "data, or an exception" and the
  // generated client throws by default, so no call repeats it.
  plugins: ['@hey-api/typescript', '@hey-api/sdk', { name: '@hey-api/client-fetch', throwOnError: true }],
});
