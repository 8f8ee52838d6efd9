import { Socket } from 'node:net';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { jest } from '@jest/globals';
import { getRepositoryToken } from '@nestjs/typeorm';
import request from 'supertest';
import { DataSource, Repository } from 'typeorm';
import { Applicant } from '../../server/applicants/applicant.entity.js';
import { AuditEvent } from '../../server/audit/audit-event.entity.js';
import { AuditService } from '../../server/audit/audit.service.js';
import { AppRequest, AppResponse } from '../../server/common/http/express-adapter.js';
import { EntityRows } from '../../server/database/plain-sql.js';
import { Organization } from '../../server/organizations/organization.entity.js';
import { User } from '../../server/users/user.entity.js';
import { createOrganization, seedApplicants, setPermissions, type TestOrganization } from '../fixtures/organizations.js';
import { sessionHeaders } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createUser, type TestUser } from '../support/users.js';

// The read path without waste (issue "Performance of the read path"): what it leaves out
// must change nothing an integrator, a reviewer or an auditor sees.
describe('the read path', () => {
  let t: TestApp;
  let owner: TestUser;
  let org: TestOrganization;
  const details = (userId: string) => `/api/projects/${org.id}/applicants/${userId}`;
  const views = (userId: string) =>
    t.app
      .get(DataSource)
      .getRepository(AuditEvent)
      .createQueryBuilder('e')
      .innerJoin(Applicant, 'a', 'a.id = e.applicantId')
      .where('a.userId = :userId AND e.action = :action', { userId, action: 'applicant.viewed' })
      .getCount();

  beforeAll(async () => {
    t = await startTestApp();
    owner = await createUser(t);
    org = await createOrganization(t, owner, 'Read Path');
    await seedApplicants(t, org.id, [
      { userId: 'read-1', name: 'Ada Lovelace', kycStatus: 'pending', reviewAnswer: null },
      { userId: 'read-2', name: 'Alan Turing' },
      { userId: 'read-3', name: 'Grace Hopper' },
    ]);
  });
  afterAll(() => t?.close());

  describe('an API-key request has no session', () => {
    it('sets no cookie and stores no session', async () => {
      const sessionsBefore = await t.app.get(DataSource).query('SELECT COUNT(*) AS "count" FROM "sessions"');
      const res = await request(t.server).get(`/api/projects/${org.id}/applicants`).set(owner.auth).expect(200);
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(await t.app.get(DataSource).query('SELECT COUNT(*) AS "count" FROM "sessions"')).toEqual(sessionsBefore);
    });

    it('cannot sign in: a clear 400, not a crash', async () => {
      const res = await request(t.server).post('/api/auth/login').set(owner.auth).send({ username: owner.user.username, password: owner.password }).expect(400);
      expect(res.body.code).toBe('API_KEY_CANNOT_SIGN_IN');
      expect(res.headers['set-cookie']).toBeUndefined();
    });

    it('still lets a session sign in and read as before', async () => {
      const headers = await sessionHeaders(t, owner);
      await request(t.server).get('/api/users/me').set(headers).expect(200);
    });
  });

  describe('requests and responses', () => {
    // Express changes their prototype, after which V8 adds each new property through its
    // slow path: what the hot path writes is declared by AppRequest and AppResponse.
    it('are made of AppRequest and AppResponse, and the hot reads add no property to them', async () => {
      const declaredRequest = new Set(Object.keys(new AppRequest(new Socket())));
      const declaredResponse = new Set(Object.keys(new AppResponse(new AppRequest(new Socket()))));
      const added: string[][] = [];
      const kinds: string[] = [];
      const onRequest = (req: IncomingMessage, res: ServerResponse) => {
        // Before Express's listener (which changes their prototypes): what the server made.
        kinds.push(`${req instanceof AppRequest} ${res instanceof AppResponse}`);
        res.on('finish', () =>
          added.push([...Object.keys(req).filter((key) => !declaredRequest.has(key)), ...Object.keys(res).filter((key) => !declaredResponse.has(key))]),
        );
      };
      const server = t.app.getHttpServer();
      server.prependListener('request', onRequest);
      try {
        await request(t.server).get('/api/users/me').set(owner.auth).expect(200);
        await request(t.server).get(`/api/projects/${org.id}/applicants?page=1&pageSize=2`).set(owner.auth).expect(200);
        await request(t.server).get(details('read-2')).set(owner.auth).expect(200);
      } finally {
        server.off('request', onRequest);
      }
      // Set by Node and Express before Express changes the prototype (so on the fast path).
      const beforeExpress = new Set(['res', '_maxRequestsPerSocket', 'req']);
      expect(kinds).toEqual(Array(3).fill('true true'));
      expect(added.map((keys) => keys.filter((key) => !beforeExpress.has(key)))).toEqual([[], [], []]);
    });
  });

  describe('answers', () => {
    it('carry no ETag (every API answer is no-store) but every security header', async () => {
      const res = await request(t.server).get(`/api/projects/${org.id}/applicants`).set(owner.auth).expect(200);
      expect(res.headers.etag).toBeUndefined();
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-security-policy']).toContain("style-src 'self';");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-powered-by']).toBeUndefined();
    });

    it('give the interactive reference its looser style policy only', async () => {
      const res = await request(t.server).get('/api/docs/').expect(200);
      expect(res.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
    });

    it('read a GET without parsing a body, and still refuse a malformed JSON body on a write', async () => {
      await request(t.server).get('/api/users/me').set(owner.auth).set('Content-Type', 'application/json').send('{"not json').expect(200);
      const res = await request(t.server).put('/api/users/redirect-url').set(owner.auth).set('Content-Type', 'application/json').send('{"not json').expect(400);
      expect(res.body.code).toBe('MALFORMED_JSON');
    });
  });

  describe('rights are read with the account, on every request', () => {
    it('applies a permission change on the next request', async () => {
      const reader = await createUser(t, { role: 'admin' });
      const ownOrg = await createOrganization(t, reader, 'Rights');
      await request(t.server).get(`/api/projects/${ownOrg.id}/applicants`).set(reader.auth).expect(200);
      await setPermissions(t, 'admin', 'applicants', ['update']);
      try {
        const res = await request(t.server).get(`/api/projects/${ownOrg.id}/applicants`).set(reader.auth).expect(403);
        expect(res.body.code).toBe('PERMISSION_DENIED');
      } finally {
        await setPermissions(t, 'admin', 'applicants', ['create', 'read', 'update', 'delete']);
      }
      await request(t.server).get(`/api/projects/${ownOrg.id}/applicants`).set(reader.auth).expect(200);
    });

    it('keeps tenancy: a stranger gets the same 404 as for an unknown organization', async () => {
      const stranger = await createUser(t);
      const res = await request(t.server).get(`/api/projects/${org.id}/applicants`).set(stranger.auth).expect(404);
      const unknown = await request(t.server).get(`/api/projects/${crypto.randomUUID()}/applicants`).set(stranger.auth).expect(404);
      expect(res.body).toEqual(unknown.body);
      const superAdmin = await createUser(t, { role: 'super-admin' });
      await request(t.server)
        .get(`/api/projects/${org.id}/applicants`)
        .set(await sessionHeaders(t, superAdmin))
        .expect(200);
      await request(t.server).get(`/api/projects/${org.id}/applicants`).set(superAdmin.auth).expect(404);
    });
  });

  describe('plain SQL hydrates entities exactly as TypeORM does', () => {
    it.each([
      ['a user', User, () => ({ id: owner.user.id })],
      ['an organization', Organization, () => ({ id: org.id })],
      ['an applicant', Applicant, () => ({ organizationId: org.id, userId: 'read-1' })],
    ] as const)('%s', async (_what, entity, where) => {
      const dataSource = t.app.get(DataSource);
      const rows = new EntityRows<object>(dataSource, entity);
      const repository = dataSource.getRepository<object>(entity);
      const expected = await repository.findOneByOrFail(where());
      const conditions = Object.entries(where());
      const [row] = await dataSource.query(
        `SELECT ${rows.select('x')} FROM "${dataSource.getMetadata(entity).tableName}" "x" WHERE ${conditions
          .map(([column], i) => `"x"."${column}" = ${dataSource.options.type === 'postgres' ? `$${i + 1}` : '?'}`)
          .join(' AND ')}`,
        conditions.map(([, value]) => value),
      );
      const hydrated = rows.hydrate(row);
      expect(hydrated).toBeInstanceOf(entity);
      expect(hydrated).toEqual(expected);
    });
  });

  describe('views of identity data are recorded in batches', () => {
    it('a view is in the trail as soon as anyone reads the trail', async () => {
      await request(t.server).get(details('read-2')).set(owner.auth).expect(200);
      const trail = await request(t.server)
        .get(`${details('read-2')}/activity`)
        .set(owner.auth)
        .expect(200);
      expect(trail.body.items.map((item: { action: string }) => item.action)).toContain('applicant.viewed');
    });

    it('writes buffered views within a second, many in one INSERT', async () => {
      const before = await views('read-3');
      await Promise.all([1, 2, 3].map(() => request(t.server).get(details('read-3')).set(owner.auth).expect(200)));
      const deadline = Date.now() + 5000;
      while ((await views('read-3')) < before + 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await views('read-3')).toBe(before + 3);
    });

    it('keeps a view that failed to be written and writes it on the next flush', async () => {
      const audit = t.app.get(AuditService);
      const before = await views('read-1');
      const events = t.app.get<Repository<AuditEvent>>(getRepositoryToken(AuditEvent));
      const insert = jest.spyOn(events, 'createQueryBuilder').mockImplementationOnce(() => {
        throw new Error('the database went away');
      });
      await request(t.server).get(details('read-1')).set(owner.auth).expect(200);
      await audit.flushViews();
      expect(await views('read-1')).toBe(before);
      insert.mockRestore();
      await audit.flushViews();
      expect(await views('read-1')).toBe(before + 1);
    });

    it('writes a large buffer in statements of at most 100 rows, keeping the rows a failed statement did not write', async () => {
      const audit = t.app.get(AuditService);
      const applicant = await t.app.get(DataSource).getRepository(Applicant).findOneByOrFail({ organizationId: org.id, userId: 'read-2' });
      const before = await views('read-2');
      for (let i = 0; i < 250; i += 1) {
        audit.recordView({ actor: owner.user, organizationId: org.id, applicantId: applicant.id, action: 'applicant.viewed' });
      }
      const events = t.app.get<Repository<AuditEvent>>(getRepositoryToken(AuditEvent));
      const builders = jest.spyOn(events, 'createQueryBuilder');
      // The second statement fails: the first 100 rows are written, 150 kept.
      builders.mockImplementationOnce((...args) => {
        builders.mockImplementationOnce(() => {
          throw new Error('the database went away');
        });
        return Repository.prototype.createQueryBuilder.apply(events, args);
      });
      await audit.flushViews();
      expect(await views('read-2')).toBe(before + 100);
      builders.mockClear();
      await audit.flushViews();
      expect(builders).toHaveBeenCalledTimes(2);
      builders.mockRestore();
      expect(await views('read-2')).toBe(before + 250);
    });
  });
});

describe('views buffered at shutdown', () => {
  it('are written before the app stops: none is lost', async () => {
    const first = await startTestApp();
    const owner = await createUser(first);
    const org = await createOrganization(first, owner, 'Shutdown');
    await seedApplicants(first, org.id, [{ userId: 'last-view', name: 'Last View' }]);
    await request(first.server).get(`/api/projects/${org.id}/applicants/last-view`).set(owner.auth).expect(200);
    await first.stop();
    const second = await startTestApp({}, { database: first.database });
    try {
      const count = await second.app.get(DataSource).getRepository(AuditEvent).countBy({ action: 'applicant.viewed', organizationId: org.id });
      expect(count).toBe(1);
    } finally {
      await second.close();
    }
  });
});
