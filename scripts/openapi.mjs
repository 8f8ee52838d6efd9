#!/usr/bin/env node
// Regenerates the API contract: openapi.json from the server, then the client's
// typed SDK in client/src/api/generated from openapi.json, then the error-code table in
// docs/api.md from the error catalogues. Commit all three.
import { execFileSync } from 'node:child_process';

const run = (cmd, args) => execFileSync(cmd, args, { stdio: 'inherit' });
run('npx', ['tsc', '-p', 'tsconfig.build.json']);
run('node', ['dist/server/cli/openapi.js', 'openapi.json']);
run('npx', ['openapi-ts']);
run('node', ['scripts/error-codes.mjs']);
