import request from 'supertest';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { Applicant } from '../../server/applicants/applicant.entity.js';
import { documentPhoto, pngImage } from '../fixtures/images.js';
import { sessionHeaders } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createUser, type TestUser } from '../support/users.js';

const ZONE_ID_URL = 'http://[fe80::1%25eth0]/';
const LEAK = /QueryFailedError|SQLITE_|syntax error|violates|invalid input syntax|out of range|node_modules|\.(?:ts|js):\d+/;

/**
 * Each input that once answered 500 (found by test/api/fuzz.spec.ts or named in the
 * hardening issue), kept as a plain example: a 4xx with a clear message, on both databases.
 */
describe('bad input answers 4xx with a clear message, never 500', () => {
  let t: TestApp;
  let owner: TestUser;
  let session: Record<string, string>;
  let organizationId: string;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await createUser(t);
    session = await sessionHeaders(t, owner);
    organizationId = (await request(t.server).post('/api/projects').set(session).send({ name: 'Bad Input Ltd' }).expect(201)).body.id;
    await t.app.get(DataSource).getRepository(Applicant).save({ organizationId, userId: 'bad-1', kycStatus: 'pending', name: 'Some One' });
  });
  afterAll(() => t.close());

  /** The answer is this 4xx, says `message`, and leaks nothing of the server's insides. */
  function expectRefused(res: request.Response, status: number, message: RegExp): void {
    expect([res.status, res.body.code]).toEqual([status, expect.any(String)]);
    expect(JSON.stringify(res.body.message)).toMatch(message);
    expect(res.text).not.toMatch(LEAK);
  }

  describe('URLs the server cannot read (an IPv6 zone id)', () => {
    it('as a webhook URL', async () => {
      const res = await request(t.server).put('/api/users/webhook').set(session).send({ webhook: ZONE_ID_URL });
      expectRefused(res, 400, /Webhook URL is not a valid http\(s\) URL/);
      expect(res.body.code).toBe('WEBHOOK_URL_INVALID');
    });

    it('as the redirect URL, an allowed redirect origin and a session link’s redirect', async () => {
      expectRefused(
        await request(t.server).put('/api/users/redirect-url').set(session).send({ redirectUrl: ZONE_ID_URL }),
        400,
        /redirectUrl must be a URL address/,
      );
      expectRefused(
        await request(t.server)
          .put(`/api/projects/${organizationId}/verification-settings`)
          .set(session)
          .send({ allowCompanyKeyLinks: true, redirectAllowList: [ZONE_ID_URL] }),
        400,
        /each redirect origin must be an http\(s\) URL/,
      );
      expectRefused(
        await request(t.server).post('/api/kyc/sessions').set(owner.auth).send({ organizationId, userId: 'bad-2', redirectUrl: ZONE_ID_URL }),
        400,
        /redirectUrl must be an http\(s\) URL/,
      );
    });
  });

  it('takes null for an optional field as its absence (a null redirectUrl reached new URL(null), a null kycStatus a NOT NULL column)', async () => {
    await request(t.server)
      .post('/api/kyc/sessions')
      .set(owner.auth)
      .send({ organizationId, userId: 'bad-6', redirectUrl: null, name: null, expiresInMinutes: null })
      .expect(201);
    const applicant = `/api/projects/${organizationId}/applicants/bad-1`;
    const edited = await request(t.server).put(applicant).set(session).send({ kycStatus: null, version: null, name: 'Some Body' }).expect(200);
    expect(edited.body.applicant.kycStatus).toBe('pending');
    await request(t.server).post(`${applicant}/hold`).set(session).send({ version: null }).expect(200);
  });

  describe('NUL and control characters', () => {
    it('refuses NUL in a search, a path, a body field and a body key, on either database', async () => {
      expectRefused(
        await request(t.server).get(`/api/projects/${organizationId}/applicants?search=%00`).set(owner.auth),
        400,
        /query string must not contain the NUL character/,
      );
      expectRefused(await request(t.server).get(`/api/applicants?search=a%00b`).set(owner.auth), 400, /NUL character/);
      expectRefused(
        await request(t.server).get(`/api/projects/${organizationId}/applicants/bad%00`).set(owner.auth),
        400,
        /path must not contain the NUL character/,
      );
      expectRefused(
        await request(t.server).post('/api/projects').set(session).send({ name: 'a\u0000b' }),
        400,
        /request body must not contain the NUL character/,
      );
      expectRefused(await request(t.server).post('/api/auth/login').send({ username: '\u0000', password: 'x' }), 400, /NUL character/);
      expectRefused(
        await request(t.server)
          .post('/api/projects')
          .set(session)
          .send({ ['na\u0000me']: 'x' }),
        400,
        /NUL character/,
      );
    });

    it('takes other control characters as ordinary text', async () => {
      await request(t.server)
        .get(`/api/projects/${organizationId}/applicants?search=${encodeURIComponent('a\u0001\u001f\u007fb')}`)
        .set(owner.auth)
        .expect(200);
      await request(t.server)
        .get(`/api/projects/${organizationId}/applicants/${encodeURIComponent('\u0001\r\n')}`)
        .set(owner.auth)
        .expect(404);
    });

    it('refuses unpaired surrogates (JSON "\\ud800"), which the e-mail validator threw on', async () => {
      const superAdmin = await sessionHeaders(t, await createUser(t, { role: 'super-admin' }));
      const res = await request(t.server)
        .post('/api/users/register-admin')
        .set(superAdmin)
        .set('Content-Type', 'application/json')
        .send('{"username":"jane.admin","email":"\\udfff\\ud800"}');
      expectRefused(res, 400, /well-formed Unicode/);
      expectRefused(
        await request(t.server)
          .post('/api/auth/register')
          .set('Content-Type', 'application/json')
          .send('{"username":"x\\ud800","email":"a@b.test","password":"abcd"}'),
        400,
        /well-formed Unicode/,
      );
    });

    it('refuses the keys __proto__, constructor and prototype in a query string, spelled out or percent-encoded', async () => {
      const list = `/api/projects/${organizationId}/applicants`;
      for (const query of ['constructor=x', 'page=1&prototype', '%5F%5Fproto%5F%5F=x', 'c%6Fnstructor=1']) {
        expectRefused(await request(t.server).get(`${list}?${query}`).set(owner.auth), 400, /query string may not contain the key/);
      }
      // The same words as values are only text.
      await request(t.server).get(`${list}?search=constructor`).set(owner.auth).expect(200);
    });

    it('refuses the keys __proto__, constructor and prototype anywhere in a body', async () => {
      for (const body of ['{"username":{"a":"x","constructor":"y"},"password":"p"}', '{"__proto__":{"isAdmin":true}}', '{"name":"a","x":[{"prototype":1}]}']) {
        expectRefused(await request(t.server).post('/api/auth/login').set('Content-Type', 'application/json').send(body), 400, /may not contain the key/);
      }
    });
  });

  describe('overlong strings, wrong types and odd JSON', () => {
    it('refuses them with the validation messages', async () => {
      expectRefused(
        await request(t.server)
          .get(`/api/projects/${organizationId}/applicants?search=${'x'.repeat(10_000)}`)
          .set(owner.auth),
        400,
        /search must be shorter/,
      );
      expectRefused(
        await request(t.server)
          .post('/api/projects')
          .set(session)
          .send({ name: 'x'.repeat(1_000_000) }),
        400,
        /name must be shorter/,
      );
      for (const name of [123, ['a'], {}, null, true]) {
        expectRefused(await request(t.server).post('/api/projects').set(session).send({ name }), 400, /name must be a string/);
      }
      for (const body of ['[]', '"text"', 'null', '1e999', '{"name":"a"']) {
        const res = await request(t.server).post('/api/projects').set(session).set('Content-Type', 'application/json').send(body);
        expect([body, res.status]).toEqual([body, 400]);
        expect(res.text).not.toMatch(LEAK);
      }
      await request(t.server)
        .get(`/api/projects/${organizationId}/applicants/${'x'.repeat(5000)}`)
        .set(owner.auth)
        .expect(404);
    });
  });

  it('refuses an array where the permission matrix has an object ([[]] once passed validation)', async () => {
    const superAdmin = await sessionHeaders(t, await createUser(t, { role: 'super-admin' }));
    for (const data of [[[]], [{ name: 'kyc', permissions: [[]] }], [null]]) {
      expectRefused(await request(t.server).put('/api/roles').set(superAdmin).send({ data }), 400, /must be an object/);
    }
  });

  describe('huge and odd numbers', () => {
    it('refuses a page past any real list instead of asking the database for it', async () => {
      for (const page of ['99999999999999999999', '1e300', '9007199254740993', '36028797018963969']) {
        for (const path of [
          `/api/projects/${organizationId}/applicants`,
          '/api/applicants',
          '/api/webhooks/events',
          `/api/projects/${organizationId}/applicants/bad-1/activity`,
        ]) {
          expectRefused(await request(t.server).get(`${path}?page=${page}`).set(owner.auth), 400, /page must not be greater than/);
        }
      }
      for (const page of ['0', '-1', '-0', '1.5', 'NaN', 'Infinity', '']) {
        const res = await request(t.server).get(`/api/projects/${organizationId}/applicants?page=${page}`).set(owner.auth);
        expect([page, res.status]).toEqual([page, 400]);
      }
      // The last page a list can have is still answered (empty).
      const last = await request(t.server).get(`/api/projects/${organizationId}/applicants?page=36028797018963&pageSize=250`).set(owner.auth).expect(200);
      expect(last.body.items).toEqual([]);
    });

    it('refuses huge versions and lifetimes', async () => {
      for (const version of [1e308, 2 ** 53 + 1, 2 ** 31, -1, 0.5]) {
        const res = await request(t.server).post(`/api/projects/${organizationId}/applicants/bad-1/hold`).set(session).send({ version });
        expect([version, res.status]).toEqual([version, 400]);
      }
      expectRefused(
        await request(t.server).post('/api/kyc/sessions').set(owner.auth).send({ organizationId, userId: 'bad-3', expiresInMinutes: 1e308 }),
        400,
        /expiresInMinutes must not be greater than 10080/,
      );
    });
  });

  it('uploads: not an image, a truncated one, an SVG', async () => {
    const link = (await request(t.server).post('/api/kyc/sessions').set(owner.auth).send({ organizationId, userId: 'bad-5' }).expect(201)).body;
    const secret = new URL(link.url).searchParams.get('session');
    const token = (await request(t.server).post('/api/kyc/session-token').send({ session: secret }).expect(200)).body.token;
    for (const data of [
      'data:image/png;base64,',
      'data:image/png;base64,%%%%',
      `data:image/png;base64,${pngImage().subarray(0, 20).toString('base64')}`,
      'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
    ]) {
      const res = await request(t.server).post('/api/kyc/documents').set('Authorization', `Bearer ${token}`).send({ docType: 'SELFIE', data });
      expect([data.slice(0, 30), res.status]).toEqual([data.slice(0, 30), 400]);
      expect(res.text).not.toMatch(LEAK);
    }
  });

  it('refuses a body nested thousands of levels deep with 400, not a 500 from the stack (security review, low)', async () => {
    const deepArray = `{"name":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const deepObject = `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`;
    for (const [url, body] of [
      ['/api/projects', deepArray],
      ['/api/projects', deepObject],
      ['/api/auth/login', deepObject],
    ]) {
      const res = await request(t.server)
        .post(url)
        .set(await sessionHeaders(t, owner))
        .set('Content-Type', 'application/json')
        .send(body);
      expect([url, res.status, res.body.code]).toEqual([url, 400, 'VALIDATION_FAILED']);
      expect(res.body.message[0]).toContain('nested too deeply');
    }
  });

  it('refuses damaged photos (truncated or corrupted JPEG, PNG and WebP) with 422 IMAGE_DAMAGED, never a 500 (security review, low)', async () => {
    const link = (await request(t.server).post('/api/kyc/sessions').set(owner.auth).send({ organizationId, userId: 'damaged-1' }).expect(201)).body;
    const secret = new URL(link.url).searchParams.get('session');
    const token = (await request(t.server).post('/api/kyc/session-token').send({ session: secret }).expect(200)).body.token;
    const photo = documentPhoto();
    const damaged: [string, Buffer][] = [];
    for (const [format, good] of [
      ['jpeg', await sharp(photo).jpeg().toBuffer()],
      ['png', await sharp(photo).png().toBuffer()],
      ['webp', await sharp(photo).webp().toBuffer()],
    ] as const) {
      damaged.push([`${format} cut at 30 %`, good.subarray(0, Math.floor(good.length * 0.3))]);
      damaged.push([`${format} cut at 95 %`, good.subarray(0, Math.floor(good.length * 0.95))]);
      const scrambled = Buffer.from(good);
      scrambled.fill(0xff, Math.floor(good.length / 2));
      damaged.push([`${format} second half 0xFF`, scrambled]);
    }
    const statuses = [];
    for (const [name, data] of damaged) {
      for (const docType of ['PASSPORT', 'SELFIE']) {
        const res = await request(t.server)
          .post('/api/kyc/documents')
          .set('Authorization', `Bearer ${token}`)
          .send({ docType, data: `data:image/png;base64,${data.toString('base64')}` });
        statuses.push([name, docType, res.status, res.body.code]);
      }
    }
    expect(statuses).toEqual(damaged.flatMap(([name]) => ['PASSPORT', 'SELFIE'].map((docType) => [name, docType, 422, 'IMAGE_DAMAGED'])));
  });
});
