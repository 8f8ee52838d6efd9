import { createClient } from '@hey-api/openapi-ts';
import sdkConfig from '../../openapi-ts.config.js';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { buildOpenApiDocument } from '../../server/openapi.js';
import { createOrganization } from '../fixtures/organizations.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createUser } from '../support/users.js';

/** What the calls below read of the answers. */
interface Answer {
  url: string;
  sessionId: string;
  items: { userId: string }[];
}
type Call = (options: Record<string, unknown>) => Promise<{ data: Answer; error?: unknown; response: Response }>;
/** The parts of the generated SDK this test calls. */
interface GeneratedSdk {
  kycCreateSession: Call;
  applicantsList: Call;
  apiKeysGet: Call;
}
interface GeneratedClient {
  createConfig(config: { baseUrl: string; auth: (scheme: { scheme?: string }) => string | undefined }): unknown;
  createClient(config: unknown): unknown;
}

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
      // The generator's own configuration (npm run openapi), written elsewhere.
      const config = await sdkConfig;
      await createClient({ ...config, output: { ...(config.output as object), path: out }, logs: { level: 'silent' } });
      const committedDir = 'client/src/api/generated';
      const expected = filesUnder(out)
        .map((f) => relative(out, f))
        .sort();
      expect(
        filesUnder(committedDir)
          .map((f) => relative(committedDir, f))
          .sort(),
      ).toEqual(expected);
      for (const file of expected) {
        expect(`${file}:\n${readFileSync(join(committedDir, file), 'utf8')}`).toBe(`${file}:\n${readFileSync(join(out, file), 'utf8')}`);
      }
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it("makes an integrator's calls through a client generated from openapi.json, authenticated by the API key alone", async () => {
    const owner = await createUser(t);
    const organization = await createOrganization(t, owner);
    await t.app.listen(0, '127.0.0.1');
    // The committed SDK is what the project's generator makes of openapi.json (the test above).
    // Loaded by a computed path: the server's type check leaves out browser code (it needs the DOM's types).
    const generated = '../../client/src/api/generated';
    const { createClient, createConfig } = (await import(`${generated}/client/index.js`)) as GeneratedClient;
    const sdk = (await import(`${generated}/sdk.gen.js`)) as GeneratedSdk;
    // The key for the bearer scheme only: given to every scheme, it would also go out as the
    // session cookie, and a write with that cookie must pass the CSRF check (docs/api.md).
    const integrator = createClient(createConfig({ baseUrl: await t.app.getUrl(), auth: (scheme) => (scheme.scheme === 'bearer' ? owner.apiKey : undefined) }));

    const link = await sdk.kycCreateSession({
      client: integrator,
      body: { organizationId: organization.id, userId: 'sdk-customer-1' },
      headers: { 'Idempotency-Key': 'sdk-1' },
    });
    expect(link.data.url).toMatch(/\/kyc\?session=/);
    const again = await sdk.kycCreateSession({
      client: integrator,
      body: { organizationId: organization.id, userId: 'sdk-customer-1' },
      headers: { 'Idempotency-Key': 'sdk-1' },
    });
    expect(again.data.sessionId).toBe(link.data.sessionId);
    const list = await sdk.applicantsList({ client: integrator, path: { id: organization.id } });
    expect(list.data.items.map((item) => item.userId)).toEqual(['sdk-customer-1']);
    // A session-only operation: the client sends no key to it (401); sent anyway, it is refused with a typed error.
    expect((await sdk.apiKeysGet({ client: integrator })).response.status).toBe(401);
    const refused = await sdk.apiKeysGet({ client: integrator, headers: { Authorization: `Bearer ${owner.apiKey}` } });
    expect([refused.response.status, (refused.error as { code?: string } | undefined)?.code]).toEqual([403, 'API_KEY_NOT_ALLOWED']);
  });
});
