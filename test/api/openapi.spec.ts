import { createClient } from '@hey-api/openapi-ts';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { buildOpenApiDocument } from '../../server/openapi.js';
import { startTestApp, type TestApp } from '../support/app.js';

const STALE = 'is stale: run `npm run openapi` and commit the result';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('the API contract', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it(`committed openapi.json matches the server's routes and DTOs (else it ${STALE})`, () => {
    const committed: unknown = JSON.parse(readFileSync('openapi.json', 'utf8'));
    expect(JSON.parse(JSON.stringify(buildOpenApiDocument(t.app)))).toEqual(committed);
  });

  it(`the client's generated SDK matches openapi.json (else it ${STALE})`, async () => {
    const out = mkdtempSync(join(tmpdir(), 'kyc-sdk-'));
    try {
      await createClient({
        input: 'openapi.json',
        output: { path: out, postProcess: [] },
        plugins: ['@hey-api/typescript', '@hey-api/sdk', '@hey-api/client-fetch'],
        logs: { level: 'silent' },
      });
      const committedDir = 'client/src/api/generated';
      const expected = filesUnder(out).map((f) => relative(out, f)).sort();
      expect(filesUnder(committedDir).map((f) => relative(committedDir, f)).sort()).toEqual(expected);
      for (const file of expected) {
        expect(`${file}:\n${readFileSync(join(committedDir, file), 'utf8')}`).toBe(`${file}:\n${readFileSync(join(out, file), 'utf8')}`);
      }
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
