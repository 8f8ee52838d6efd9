import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import type { ErrorCatalogue } from '../../server/common/errors/app-error.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createUser } from '../support/users.js';

/** Every `*.errors.ts` catalogue of the server, with the module that owns it. */
async function catalogues(): Promise<ErrorCatalogue<string>[]> {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.errors.ts') || name === 'app-error.ts') files.push(path);
    }
  };
  walk('server');
  const found: ErrorCatalogue<string>[] = [];
  for (const file of files) {
    const exports = (await import(`../../${file.replace(/\.ts$/, '.js')}`)) as Record<string, unknown>;
    for (const value of Object.values(exports)) {
      if (value && typeof value === 'object' && 'entries' in value && 'module' in value) found.push(value as ErrorCatalogue<string>);
    }
  }
  return found;
}

describe('error codes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('docs/api.md lists every code of every catalogue with its status (npm run openapi writes the table)', async () => {
    const doc = readFileSync('docs/api.md', 'utf8');
    const all = await catalogues();
    expect(all.map((catalogue) => catalogue.module).sort()).toEqual(
      expect.arrayContaining(['access', 'applicants', 'auth', 'generic', 'kyc', 'organizations', 'roles', 'users', 'webhooks']),
    );
    for (const catalogue of all) {
      for (const [code, entry] of Object.entries(catalogue.entries)) {
        expect(doc).toContain(`| \`${code}\` | ${entry.status} | ${catalogue.module} |`);
      }
    }
  });

  it('the client knows exactly these codes (npm run openapi writes client/src/api/error-codes.gen.ts)', async () => {
    const generated = readFileSync('client/src/api/error-codes.gen.ts', 'utf8');
    const listed = [...generated.matchAll(/^ {2}'([^']+)',$/gm)].map((match) => match[1]);
    const all = new Set((await catalogues()).flatMap((catalogue) => Object.keys(catalogue.entries)));
    expect(listed).toEqual([...all].sort());
  });

  it('no client source decides on or mocks a code the server does not have', async () => {
    const all = new Set((await catalogues()).flatMap((catalogue) => Object.keys(catalogue.entries)));
    const unknown: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) {
          if (name !== 'generated') walk(path);
        } else if (/\.tsx?$/.test(name) && !name.endsWith('.gen.ts')) {
          const text = readFileSync(path, 'utf8');
          for (const match of text.matchAll(/(?:hasErrorCode\([^,]+,|apiError\(\s*\d{3},)\s*'([^']+)'/g)) {
            if (!all.has(match[1])) unknown.push(`${path}: ${match[1]}`);
          }
        }
      }
    };
    walk('client/src');
    expect(unknown).toEqual([]);
  });

  it.each([
    ['an unknown route', (server: TestApp['server']) => request(server).get('/api/no-such-route'), 404, 'NOT_FOUND'],
    ['a visitor on a protected route', (server: TestApp['server']) => request(server).get('/api/projects'), 401, 'SIGN_IN_REQUIRED'],
    [
      'malformed JSON',
      (server: TestApp['server']) => request(server).post('/api/auth/login').set('Content-Type', 'application/json').send('{'),
      400,
      'MALFORMED_JSON',
    ],
    [
      'a body that fails validation',
      (server: TestApp['server']) => request(server).post('/api/auth/register').set('X-Requested-With', 'XMLHttpRequest').send({}),
      400,
      'VALIDATION_FAILED',
    ],
    [
      'a cookie write without the CSRF header',
      (server: TestApp['server']) => request(server).post('/api/auth/logout').set('Cookie', 'kyc.sid=s%3Aany'),
      403,
      'CSRF_HEADER_MISSING',
    ],
  ])('answers %s as { statusCode, message, error, code }', async (_case, call, status, code) => {
    const res = await call(t.server).expect(status);
    expect(Object.keys(res.body).sort()).toEqual(['code', 'error', 'message', 'statusCode']);
    expect(res.body).toMatchObject({ statusCode: status, code });
  });

  it('answers a module error with its own code and the spec text as message', async () => {
    const owner = await createUser(t);
    const res = await request(t.server).get('/api/projects/00000000-0000-4000-8000-000000000000').set(owner.auth).expect(404);
    expect(res.body).toEqual({ statusCode: 404, error: 'Not Found', code: 'ORGANIZATION_NOT_FOUND', message: 'Organization not found' });
  });
});
