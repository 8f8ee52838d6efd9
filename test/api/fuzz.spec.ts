import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ApplicantImage } from '../../server/applicants/applicant-image.entity.js';
import { Applicant } from '../../server/applicants/applicant.entity.js';
import { Permission } from '../../server/roles/permission.entity.js';
import { pngImage } from '../fixtures/images.js';
import { addMember, invite } from '../fixtures/organizations.js';
import { sessionHeaders } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createUser, type TestUser } from '../support/users.js';

/**
 * Property-based: every operation of the committed openapi.json, with generated bad
 * input in each path and query parameter and body field (NUL and control characters,
 * lone surrogates, overlong strings, wrong types, null, huge and odd numbers, URLs the
 * parsers disagree on, nested junk, reserved keys, malformed percent-encoding and JSON),
 * as the signed-in owner (session cookie) and with the owner's API key — plus a
 * super-admin's session on the admin routes, and a real widget token on the verification
 * page's. Three requests in five have exactly ONE bad field and every other one plausible
 * (the real organization, applicant, image, event and session ids, examples, enum
 * values), so they get past the guards and validation to the handler and the database.
 * Every answer must be below 500 and show no stack trace or SQL.
 *
 * Runs per operation and caller: FUZZ_RUNS (default 16; 3 for operations without input);
 * about 1,500 requests, 10–20 s on SQLite or PostgreSQL on two cores. A failure prints
 * its seed: FUZZ_SEED=<seed> replays it. FUZZ_STATS=1 prints the answers' statuses per
 * operation and caller; FUZZ_DEBUG='<METHOD> <path>' prints every request of one operation.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 16);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  example?: unknown;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  nullable?: boolean;
}
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

const document = JSON.parse(readFileSync(join(process.cwd(), 'openapi.json'), 'utf8')) as Document;

function resolve(schema: Schema | undefined, depth = 0): Schema {
  if (!schema) return {};
  if (schema.$ref && depth < 6) return resolve(document.components.schemas[schema.$ref.split('/').pop()!], depth + 1);
  return schema;
}

/** Operations that would end the caller's session or replace its key mid-run, or that the run must not start. */
const SKIPPED = new Set([
  'POST /api/auth/logout', // ends the session under test (it has no input)
  'POST /api/api-keys/regenerate', // replaces the key under test (it has no input)
]);
/** Routes for super-admins (or admins): a super-admin's session reaches their input too. */
const ADMIN_ROUTES = new Set(['GET /api/roles', 'PUT /api/roles', 'POST /api/users/register-admin', 'GET /api/audit']);
/** The verification page's routes: a widget token gets past their guard. */
const WIDGET_ROUTES = new Set([
  'GET /api/kyc/session',
  'POST /api/kyc/documents',
  'PUT /api/kyc/personal-data',
  'POST /api/kyc/submit',
  'GET /api/kyc/sumsub/access-token',
]);

const operations = Object.entries(document.paths)
  .flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, method, path, operation })))
  .filter(({ key }) => !SKIPPED.has(key));

// ---- Generated bad input --------------------------------------------------------------

const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0000'.repeat(8),
  '\u0001\u0002\u0003\u0004\u0005\u0006\u0007\b\u000b\f\u000e\u001f\u007f',
  '\r\n\r\nX-Injected: 1',
  '\u001b[31mred',
  '\u200b\u200e\u202e\ufeff',
  '\ud800',
  '\udfff\ud800',
  '\uffff\ufffe',
  '\ufdfa'.repeat(40),
  'ﬁ',
  'İstanbul',
  'ß'.repeat(100),
  '%',
  '%00',
  '%zz',
  '%E0%A4%A',
  '../../../../etc/passwd',
  "' OR '1'='1",
  '"; DROP TABLE users; --',
  '\\',
  '%_%',
  '${7*7}',
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
  'toString',
  'null',
  'undefined',
  'true',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '-1',
  '0',
  '1e309',
  '1e-400',
  '0x7fffffff',
  '9007199254740993',
  '99999999999999999999999999999999',
  '-99999999999999999999999999999999',
  '2147483648',
  '1.5',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'http://[fe80::1%25eth0]/',
  'http://[::1',
  'https://93.184.215.14/k',
  'javascript:alert(1)',
  'data:image/png;base64,',
  'data:image/png;base64,%%%%',
  'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
  'data:image/png;base64,' + 'A'.repeat(400),
  'a@b',
  'ﬁnance@example.test',
  '1990-02-30',
  '0000-00-00',
  '9999-99-99T99:99:99Z',
];

/** For fields that hold URLs: forms isURL and the WHATWG parser disagree on, and private targets. */
const NASTY_URLS = [
  'http://[fe80::1%25eth0]/',
  'https://[fe80::1%25eth0]:8443/x',
  'http://[fe80::1%eth0]/',
  'http://[::1',
  'http://a b/',
  'http://x:99999/',
  'http://0x7f.1/',
  'http://[::ffff:169.254.169.254]/',
  'http://[64:ff9b:1::a9fe:a9fe]/',
  'http://10.0.0.1/',
  'http://%00/',
  'https://',
  'http://@/',
  'http://user:pa ss@10.0.0.1/',
  'ftp://example.com/',
  `http://${'a'.repeat(3000)}.test/`,
];

/** For integer query parameters: numbers JavaScript reads one way and a database another. */
const NASTY_NUMBER_TEXT = [
  '99999999999999999999',
  '1e300',
  '1e309',
  '9007199254740993',
  '36028797018963969',
  '-1',
  '0',
  '-0',
  '1.5',
  'NaN',
  'Infinity',
  '0x10',
  ' 1',
  '+1',
  '1e2',
  '00001',
  '',
];

/** Strings for the URL: never longer than a few KB (Node refuses huge URLs itself, with 431/414). */
const badShortString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ maxLength: 30 }),
  fc.constantFrom(2_000, 6_000).map((n) => 'x'.repeat(n)),
  fc.nat({ max: 60 }).map((n) => '\u0000\u0008'.repeat(n)),
);

/** Strings for bodies: overlong ones too (within the 8 MB body limit). */
const badString: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: badShortString },
  { weight: 1, arbitrary: fc.constantFrom(70_000, 1_000_000).map((n) => 'y'.repeat(n)) },
);

const badNumber: fc.Arbitrary<number> = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(1e308, -1e308, 2 ** 53 + 1, -(2 ** 53 + 1), 2 ** 31, 2 ** 63, 1e21, 0.5, -1, 0, -0, Number.MIN_VALUE, Number.MAX_SAFE_INTEGER),
);

const junk: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: badString },
  { weight: 1, arbitrary: badNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.array(badShortString, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'a', 'data', '$where', ''), badShortString, { maxKeys: 3 }) },
);

/**
 * Real values for fields and parameters by name, so that a request with one bad field
 * and every other one plausible reaches the code behind validation. Filled in beforeAll.
 * Never the owner's password: a right one would delete the account under test.
 */
const REAL: Record<string, unknown> = {};

/** A plausible value for a schema: a real one by name, an example, an enum member or something of its type. */
function plausible(schema: Schema, name?: string): fc.Arbitrary<unknown> {
  const s = resolve(schema);
  if (name !== undefined && name in REAL) return fc.constant(null).map(() => REAL[name]);
  if (s.enum) return fc.constantFrom(...s.enum);
  if (s.example !== undefined) return fc.constant(s.example);
  switch (s.type) {
    case 'integer':
    case 'number':
      return fc.integer({ min: 1, max: 100 });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(plausible(s.items ?? {}), { maxLength: 3 });
    case 'object':
      return objectOf(s);
    default:
      return s.format === 'uuid' ? fc.uuid() : fc.string({ minLength: 1, maxLength: 12 });
  }
}

/**
 * A bad value for a field: mostly of the field's own type but nasty (so that it passes
 * the type check and reaches the code behind it), else any kind of junk.
 */
function bad(schema: Schema, name = ''): fc.Arbitrary<unknown> {
  const s = resolve(schema);
  if (s.type === 'object' && s.properties) return fc.oneof(junk, objectOf(s));
  if (s.type === 'array') return fc.oneof(junk, fc.array(bad(s.items ?? {}, name), { minLength: 1, maxLength: 3 }));
  // null: @IsOptional() lets it through like undefined, and code that only checks for undefined then meets it.
  const none = { weight: 1, arbitrary: fc.constant(null) };
  if (s.type === 'string' && /url|webhook|redirect/i.test(name)) {
    return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...NASTY_URLS) }, { weight: 2, arbitrary: badString }, none, { weight: 1, arbitrary: junk });
  }
  if (s.type === 'string') return fc.oneof({ weight: 3, arbitrary: badString }, none, { weight: 1, arbitrary: junk });
  if (s.type === 'number' || s.type === 'integer') return fc.oneof({ weight: 3, arbitrary: badNumber }, none, { weight: 1, arbitrary: junk });
  return fc.oneof(none, { weight: 3, arbitrary: junk });
}

const ABSENT = Symbol('absent');

/**
 * Values for named fields, in one of two shapes: exactly ONE field bad and every other
 * plausible (so that the request gets past validation to the handler when the bad value
 * is valid after all — NUL in a search, a huge page number), or each field independently
 * absent, plausible or bad.
 */
function fieldsOf(fields: Record<string, { plausible: fc.Arbitrary<unknown>; bad: fc.Arbitrary<unknown> }>): fc.Arbitrary<Record<string, unknown>> {
  const names = Object.keys(fields);
  if (names.length === 0) return fc.constant({});
  const drop = (values: Record<string, unknown>) => Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ABSENT));
  const oneBad = fc
    .constantFrom(...names)
    .chain((target) => fc.record(Object.fromEntries(names.map((name) => [name, name === target ? fields[name].bad : fields[name].plausible]))))
    .map(drop);
  const free = fc
    .record(
      Object.fromEntries(
        names.map((name) => [
          name,
          name.startsWith('path:')
            ? fc.oneof(fields[name].plausible, fields[name].bad)
            : fc.oneof(fc.constant(ABSENT), fields[name].plausible, fields[name].bad, fields[name].bad),
        ]),
      ),
    )
    .map(drop);
  return fc.oneof({ weight: 3, arbitrary: oneBad }, { weight: 2, arbitrary: free });
}

/** An object of a schema, shaped by fieldsOf, now and then with a key the schema does not have. */
function objectOf(schema: Schema): fc.Arbitrary<Record<string, unknown>> {
  const s = resolve(schema);
  const fields = Object.fromEntries(
    Object.entries(s.properties ?? {}).map(([name, property]) => [name, { plausible: plausible(property, name), bad: bad(property, name) }]),
  );
  return fc
    .tuple(fieldsOf(fields), fc.option(fc.tuple(fc.constantFrom('__proto__', 'constructor', 'unexpected', 'role', 'isDemo'), junk), { freq: 6 }))
    .map(([body, extra]) => (extra ? { ...body, [extra[0]]: extra[1] } : body));
}

type Body = { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'raw'; contentType: string; text: string };

const rawBody: fc.Arbitrary<Body> = fc.record({
  kind: fc.constant('raw' as const),
  contentType: fc.constantFrom('application/json', 'application/json; charset=utf-16', 'text/plain', 'application/x-www-form-urlencoded', 'application/xml'),
  text: fc.oneof(
    fc.constantFrom('{', '{"a":', '[', '"\u0000"', 'null', '1e999', '{"__proto__":{"isAdmin":true}}', 'a=1&a=2&b[c]=d'),
    fc.string({ unit: 'binary', maxLength: 40 }),
  ),
});

/** A path segment: the real id, or bad text (percent-encoded, or now and then raw). */
const badPathSegment: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: badShortString.map((value) => encodeURIComponent(wellFormed(value))) },
  { weight: 1, arbitrary: fc.constantFrom('%', '%zz', '%E0%A4%A', '%00', '..', '.', '%2e%2e', '%2F', '%C0%AF') },
);

/** A bad query value: bad text, or the parameter repeated (an array). */
const badQueryValue: fc.Arbitrary<string | string[]> = fc.oneof(badShortString, fc.array(badShortString, { minLength: 2, maxLength: 3 }));

/** Everything a request carries, with at most one bad field or any mix (see fieldsOf). */
interface Input {
  fields: Record<string, unknown>;
  /** The whole body replaced (junk JSON or raw text), or undefined for the fields' object. */
  wholeBody: Body | undefined;
  /** Parameters the operation does not declare, and malformed query syntax. */
  extraQuery: string | null;
}

function inputFor(key: string, path: string, operation: Operation): fc.Arbitrary<Input> {
  const fields: Record<string, { plausible: fc.Arbitrary<unknown>; bad: fc.Arbitrary<unknown> }> = {};
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in === 'path') {
      const real = realPathValue(path, parameter.name);
      fields[`path:${parameter.name}`] = {
        plausible:
          real === undefined
            ? fc.string({ minLength: 1, maxLength: 8 }).map(encodeURIComponent)
            : fc.constant(null).map(() => encodeURIComponent(realPathValue(path, parameter.name)!)),
        bad: badPathSegment,
      };
    } else if (parameter.in === 'query') {
      const numeric = parameter.schema?.type === 'integer' || parameter.schema?.type === 'number';
      fields[`query:${parameter.name}`] = {
        plausible: fc.oneof(
          fc.constant(ABSENT),
          fc.constant(null).map(() => realQueryValue(key, parameter.name) ?? ABSENT),
        ),
        bad: numeric ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...NASTY_NUMBER_TEXT) }, { weight: 1, arbitrary: badQueryValue }) : badQueryValue,
      };
    }
  }
  const schema = operation.requestBody?.content['application/json']?.schema;
  for (const [name, property] of Object.entries(resolve(schema).properties ?? {})) {
    fields[`body:${name}`] = { plausible: plausible(property, name), bad: bad(property, name) };
  }
  const wholeBody: fc.Arbitrary<Body | undefined> = schema
    ? fc.oneof(
        { weight: 8, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: junk.map((value) => ({ kind: 'json' as const, value })) },
        { weight: 1, arbitrary: rawBody },
      )
    : fc.oneof({ weight: 4, arbitrary: fc.constant({ kind: 'none' as const }) }, { weight: 1, arbitrary: rawBody });
  return fc.record({
    fields: fieldsOf(fields),
    wholeBody,
    extraQuery: fc.option(fc.constantFrom('&a[b]=c', '&%=%', '&page=1&page=2', '&&=&', `&${'q'.repeat(3000)}=1`, '&__proto__[x]=1', '&constructor=x'), {
      freq: 8,
    }),
  });
}

/** Filled in beforeAll: the ids of the fixtures, by what they are. */
const ids: Record<string, string> = {};

function realPathValue(path: string, name: string): string | undefined {
  if (path.startsWith('/api/webhooks/events/')) return ids.eventId;
  if (path.startsWith('/api/kyc/sessions/')) return ids.sessionId;
  if (path.startsWith('/api/users/')) return ids.ownerId;
  if (path.startsWith('/api/roles/')) return 'kyc';
  if (path.startsWith('/api/invitations/') || name === 'invitationId') return ids.invitationId;
  if (name === 'id') return ids.organizationId;
  if (name === 'userId') return path.includes('/members/') ? ids.memberId : ids.applicantUserId;
  if (name === 'imageId') return ids.imageId;
  return undefined;
}

function realQueryValue(key: string, name: string): string | undefined {
  // A real token would open a never-ending event stream.
  if (key === 'GET /api/kyc/status' && name === 'token') return undefined;
  return (
    {
      organizationId: ids.organizationId,
      userId: ids.applicantUserId,
      user: ids.ownerId,
      email: ids.email,
      page: '1',
      pageSize: '25',
      orderBy: 'createdAt',
      orderDirection: 'DESC',
      search: 'fuzz',
      action: 'applicant.viewed',
      applicantId: ids.applicantUserId,
      companyKey: ids.companyKey,
    } as Record<string, string>
  )[name];
}

/** Lone surrogates cannot be percent-encoded; the replacement character stands in for them. */
function wellFormed(value: string): string {
  return value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}

/** The input for a failure report: long strings shortened, everything else as JSON shows it. */
function summarized(value: unknown): unknown {
  if (typeof value === 'string') return value.length > 80 ? `${JSON.stringify(value.slice(0, 40)).slice(1, -1)}… (${value.length} characters)` : value;
  if (Array.isArray(value)) return value.map(summarized);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, summarized(v)]));
  }
  return value;
}

// ---- The check ------------------------------------------------------------------------

const STACK = /\bat [\w$.<>[\] ]+ \(?(?:file:\/\/|\/|node:)[^\s)]*:\d+:\d+|node_modules\/|\.(?:ts|js):\d+:\d+/;
const SQL =
  /QueryFailedError|EntityNotFound|SQLITE_[A-Z_]+|SqliteError|syntax error at or near|violates (?:unique|foreign key|not-null|check) constraint|duplicate key value|relation "[^"]+" does not exist|column "[^"]+" does not exist|invalid input syntax for type|out of range for type|value too long for type|\bSELECT\b[^"]{0,200}\bFROM\s+"|\bINSERT INTO\s+"|\bUPDATE\s+"\w+"\s+SET\b/i;

interface Answer {
  status: number;
  text: string;
}

function problemWith(answer: Answer): string | null {
  if (answer.status >= 500) return `answered ${answer.status}`;
  if (STACK.test(answer.text)) return 'shows a stack trace';
  if (SQL.test(answer.text)) return 'shows SQL or a database error';
  return null;
}

describe('every operation of openapi.json, with bad input (property-based)', () => {
  let t: TestApp;
  let owner: TestUser;
  const callers: Record<string, () => Promise<Record<string, string>>> = {};
  const failures: string[] = [];
  /** Answers by status per operation and caller; FUZZ_STATS=1 prints them (to see how deep the input got). */
  const statuses: Record<string, Record<number, number>> = {};
  const started = Date.now();

  beforeAll(async () => {
    // One demo account at most (each writes a few hundred rows); the rest are 429.
    t = await startTestApp({ DEMO_ACCOUNTS_PER_HOUR: '1' });
    // A webhook on a private address: deliveries are refused at once, nothing leaves the machine.
    owner = await createUser(t, { webhookUrl: 'http://127.0.0.1:9/hook' });
    const member = await createUser(t);
    const superAdmin = await createUser(t, { role: 'super-admin' });
    const session = await sessionHeaders(t, owner);
    const organization = (await request(t.server).post('/api/projects').set(session).send({ name: 'Fuzz Ltd' }).expect(201)).body;
    await addMember(t, owner, organization.id, member);
    const invitationId = await invite(t, owner, organization.id, 'someone-pending');
    const ds = t.app.get(DataSource);
    const applicant = await ds.getRepository(Applicant).save({ organizationId: organization.id, userId: 'fuzz-1', kycStatus: 'pending', name: 'Fuzz Person' });
    const image = await ds
      .getRepository(ApplicantImage)
      .save({ applicantId: applicant.id, docType: 'SELFIE', side: null, contentType: 'image/png', width: 2, height: 2, data: pngImage() });
    const link = (await request(t.server).post('/api/kyc/sessions').set(owner.auth).send({ organizationId: organization.id, userId: 'fuzz-2' }).expect(201))
      .body;
    const event = (await request(t.server).post('/api/webhooks/test').set(session).expect(200)).body;
    Object.assign(ids, {
      organizationId: organization.id,
      companyKey: organization.companyKey,
      applicantUserId: applicant.userId,
      imageId: image.id,
      ownerId: owner.user.id,
      memberId: member.user.id,
      invitationId,
      sessionId: link.sessionId,
      eventId: event.id,
      email: owner.user.email,
    });
    Object.assign(REAL, {
      organizationId: organization.id,
      userId: 'fuzz-3',
      usernameOrEmail: member.user.username,
      password: 'not-the-password',
      oldPassword: 'not-the-password',
      webhook: 'http://10.1.2.3/hook', // refused without a DNS lookup
      redirectUrl: 'https://shop.example.test/done',
      data: `data:image/png;base64,${pngImage(30, 40).toString('base64')}`,
    });
    callers.session = async () => session;
    callers.apiKey = async () => owner.auth;
    callers.superAdmin = () => sessionHeaders(t, superAdmin);
    // A fresh widget token each time: other operations revoke links and reset applicants.
    callers.widget = async () => {
      const fresh = (
        await request(t.server).post('/api/kyc/sessions').set(owner.auth).send({ organizationId: organization.id, userId: 'fuzz-widget' }).expect(201)
      ).body;
      const secret = new URL(fresh.url).searchParams.get('session');
      const token = (await request(t.server).post('/api/kyc/session-token').send({ session: secret }).expect(200)).body.token as string;
      return { ...session, Authorization: `Bearer ${token}` };
    };
  });
  afterAll(async () => {
    await t.close();
  });

  async function send(key: string, method: string, url: string, headers: Record<string, string>, body: Body): Promise<Answer> {
    let call = request(t.server)[method as 'get'](url).set(headers).timeout({ response: 15_000, deadline: 30_000 });
    if (body.kind === 'json') call = call.set('Content-Type', 'application/json').send(JSON.stringify(body.value) ?? 'null');
    if (body.kind === 'raw') call = call.set('Content-Type', body.contentType).send(body.text);
    const res = await call.catch((error: { response?: request.Response; message: string }) => {
      if (error.response) return error.response;
      throw new Error(`${key}: no answer (${error.message})`);
    });
    return { status: res.status, text: res.text ?? '' };
  }

  function urlOf(path: string, fields: Record<string, unknown>, extraQuery: string | null): string {
    const withParams = path.replace(/\{(\w+)\}/g, (_, name: string) => String(fields[`path:${name}`] ?? ''));
    const query = Object.entries(fields)
      .filter(([field]) => field.startsWith('query:'))
      .flatMap(([field, value]) =>
        [value as string | string[]].flat().map((v) => `${encodeURIComponent(field.slice(6))}=${encodeURIComponent(wellFormed(String(v)))}`),
      )
      .join('&');
    return `${withParams}?${query}${extraQuery ?? ''}`;
  }

  function bodyOf(operation: Operation, { fields, wholeBody }: Input): Body {
    if (wholeBody) return wholeBody;
    if (!operation.requestBody) return { kind: 'none' };
    const value = Object.fromEntries(
      Object.entries(fields)
        .filter(([field]) => field.startsWith('body:'))
        .map(([field, v]) => [field.slice(5), v]),
    );
    return { kind: 'json', value };
  }

  it.each(operations.map((operation) => [operation.key, operation] as const))('%s', async (key, { method, path, operation }) => {
    const hasInput = (operation.parameters ?? []).length > 0 || operation.requestBody !== undefined;
    const input = inputFor(key, path, operation);
    const who = WIDGET_ROUTES.has(key) ? ['widget'] : ADMIN_ROUTES.has(key) ? ['session', 'apiKey', 'superAdmin'] : ['session', 'apiKey'];
    const matrix = await snapshotPermissions();
    try {
      for (const caller of who) {
        const headers = await callers[caller]();
        const details = await fc.check(
          fc.asyncProperty(input, async (generated) => {
            const answer = await send(key, method, urlOf(path, generated.fields, generated.extraQuery), headers, bodyOf(operation, generated));
            if (process.env.FUZZ_DEBUG === key) console.info(JSON.stringify(summarized({ caller, generated, answer })));
            const tally = (statuses[`${key} as ${caller}`] ??= {});
            tally[answer.status] = (tally[answer.status] ?? 0) + 1;
            const problem = problemWith(answer);
            if (problem) throw new Error(`${problem}: ${answer.text.slice(0, 300)}`);
          }),
          { numRuns: hasInput ? RUNS : Math.min(RUNS, 3), seed: SEED, endOnFailure: true },
        );
        if (details.failed) {
          failures.push(
            `${key} as ${caller} (seed ${details.seed}): ${String(details.errorInstance)}\n  input: ${JSON.stringify(summarized(details.counterexample))}`,
          );
        }
      }
    } finally {
      await matrix.restore();
    }
    expect(failures.filter((failure) => failure.startsWith(`${key} `))).toEqual([]);
  });

  /** PUT /api/roles may change the permission matrix; every operation starts from the seeded one. */
  async function snapshotPermissions(): Promise<{ restore(): Promise<void> }> {
    const permissions = t.app.get(DataSource).getRepository(Permission);
    const rows = await permissions.find();
    return {
      restore: async () => {
        for (const row of rows) await permissions.update({ id: row.id }, { actions: row.actions });
      },
    };
  }

  it('ran every operation of openapi.json', () => {
    const all = Object.values(document.paths).reduce((n, methods) => n + Object.keys(methods).length, 0);
    expect(operations.length + SKIPPED.size).toBe(all);
    const requests = Object.values(statuses).reduce((n, tally) => n + Object.values(tally).reduce((a, b) => a + b, 0), 0);
    console.info(`fuzzed ${operations.length} operations with ${requests} requests in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    if (process.env.FUZZ_STATS)
      console.info(
        Object.entries(statuses)
          .map(([who, tally]) => `${who}: ${JSON.stringify(tally)}`)
          .join('\n'),
      );
  });
});
