import request from 'supertest';
import { DataSource } from 'typeorm';
import { Applicant } from '../../server/applicants/applicant.entity.js';
import { AnalysisOutcomes } from '../../server/analysis/analysis-outcomes.js';
import { AuditEvent } from '../../server/audit/audit-event.entity.js';
import { addMember, createOrganization, seedApplicants, type TestOrganization } from '../fixtures/organizations.js';
import { sessionHeaders } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createUser, type TestUser } from '../support/users.js';

/**
 * The applicants list as a work queue: filters, assignment (next unassigned included,
 * raced by two reviewers), tags, saved views, preferences and the CSV export.
 * On SQLite, or PostgreSQL with TEST_DATABASE_URL.
 */
describe('work queue', () => {
  let t: TestApp;
  let owner: TestUser;
  let reviewer: TestUser;
  let outsider: TestUser;
  let org: TestOrganization;
  const headers: Record<string, Record<string, string>> = {};
  const base = Date.UTC(2026, 5, 1);

  const api = (user: 'owner' | 'reviewer' | 'outsider') => ({
    get: (path: string, query: Record<string, string> = {}) => request(t.server).get(`/api/projects/${org.id}${path}`).query(query).set(headers[user]),
    post: (path: string, body: object = {}, query: Record<string, string> = {}) =>
      request(t.server).post(`/api/projects/${org.id}${path}`).query(query).set(headers[user]).send(body),
    put: (path: string, body: object = {}) => request(t.server).put(`/api/projects/${org.id}${path}`).set(headers[user]).send(body),
    patch: (path: string, body: object = {}) => request(t.server).patch(`/api/projects/${org.id}${path}`).set(headers[user]).send(body),
    delete: (path: string) => request(t.server).delete(`/api/projects/${org.id}${path}`).set(headers[user]),
  });
  const userIds = async (query: Record<string, string>, user: 'owner' | 'reviewer' = 'owner') =>
    (
      await api(user)
        .get('/applicants', { pageSize: '100', orderBy: 'userId', orderDirection: 'asc', ...query })
        .expect(200)
    ).body.items.map((item: { userId: string }) => item.userId);
  const audits = (action: string) =>
    t.app
      .get(DataSource)
      .getRepository(AuditEvent)
      .find({ where: { organizationId: org.id, action }, order: { createdAt: 'ASC' } });

  beforeAll(async () => {
    t = await startTestApp();
    owner = await createUser(t);
    reviewer = await createUser(t);
    outsider = await createUser(t);
    org = await createOrganization(t, owner, 'Queue Bank');
    await createOrganization(t, outsider, 'Elsewhere');
    await addMember(t, owner, org.id, reviewer);
    headers.owner = await sessionHeaders(t, owner);
    headers.reviewer = await sessionHeaders(t, reviewer);
    headers.outsider = await sessionHeaders(t, outsider);
    await seedApplicants(
      t,
      org.id,
      Array.from({ length: 12 }, (_, i) => ({
        userId: `q-${String(i + 1).padStart(2, '0')}`,
        kycStatus: i < 6 ? 'queued' : i < 9 ? 'completed' : 'pending',
        reviewAnswer: i === 6 || i === 7 ? 'approved' : i === 8 ? 'rejected' : null,
        documentType: i % 2 ? 'PASSPORT' : 'ID_CARD',
        name: i === 3 ? '=HYPERLINK("http://evil.test","x")' : `Person ${i + 1}`,
        submittedAt: new Date(base + i * 86_400_000),
        updatedAt: new Date(base + i * 86_400_000),
      })),
    );
    const ds = t.app.get(DataSource);
    await ds.getRepository(Applicant).update({ organizationId: org.id, userId: 'q-02' }, { flaggedChecks: ',document-read,' });
    await ds.getRepository(Applicant).update({ organizationId: org.id, userId: 'q-05' }, { flaggedChecks: ',face-match,' });
  });
  afterAll(() => t.close());

  describe('filters', () => {
    it('filters by status, review answer, flags, document type and submission dates, alone and combined', async () => {
      expect(await userIds({ status: 'queued' })).toEqual(['q-01', 'q-02', 'q-03', 'q-04', 'q-05', 'q-06']);
      expect(await userIds({ status: 'completed,pending' })).toEqual(['q-07', 'q-08', 'q-09', 'q-10', 'q-11', 'q-12']);
      expect(await userIds({ reviewAnswer: 'approved' })).toEqual(['q-07', 'q-08']);
      expect(await userIds({ reviewAnswer: 'rejected' })).toEqual(['q-09']);
      expect((await userIds({ reviewAnswer: 'none' })).length).toBe(9);
      expect(await userIds({ flagged: 'any' })).toEqual(['q-02', 'q-05']);
      expect(await userIds({ flagged: 'face-match' })).toEqual(['q-05']);
      expect(await userIds({ documentType: 'PASSPORT', status: 'queued' })).toEqual(['q-02', 'q-04', 'q-06']);
      expect(await userIds({ submittedFrom: '2026-06-03', submittedTo: '2026-06-04' })).toEqual(['q-03', 'q-04']);
      expect(await userIds({ status: 'queued', search: 'q-0' })).toEqual(['q-01', 'q-02', 'q-03', 'q-04', 'q-05', 'q-06']);
      const page = await api('owner').get('/applicants', { status: 'queued', pageSize: '4' }).expect(200);
      expect(page.body.meta).toMatchObject({ totalPages: 2, pageLength: 4, hasNextPage: true });
    });

    it('returns the work-queue columns with each row', async () => {
      const res = await api('owner').get('/applicants', { flagged: 'any', orderBy: 'userId', orderDirection: 'asc' }).expect(200);
      expect(res.body.items[0]).toMatchObject({
        userId: 'q-02',
        name: 'Person 2',
        reviewAnswer: null,
        submittedAt: new Date(base + 86_400_000).toISOString(),
        flaggedChecks: ['document-read'],
        assignee: null,
        tags: [],
      });
    });

    it.each([
      [{ status: 'done' }, 'status must be one of'],
      [{ reviewAnswer: 'maybe' }, 'reviewAnswer must be one of'],
      [{ assignee: 'someone' }, 'assignee must be me, unassigned or a user id'],
      [{ submittedFrom: 'yesterday' }, 'submittedFrom must be a date'],
      [{ flagged: 'DROP TABLE' }, 'flagged must be any or a check name'],
      [{ tag: 'x' }, 'tag must be a tag id'],
      [{ notes: 'all' }, 'notes must be one of: any, mine'],
    ])('refuses a bad filter %j with a 400', async (query, message) => {
      const res = await api('owner').get('/applicants', query).expect(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(JSON.stringify(res.body.message)).toContain(message);
    });
  });

  describe('flagged checks', () => {
    it('follow the checks the lifecycle records (failed or needs-review), and clear when they pass', async () => {
      const repository = t.app.get(DataSource).getRepository(Applicant);
      const applicant = await repository.findOneByOrFail({ organizationId: org.id, userId: 'q-11' });
      const outcomes = t.app.get(AnalysisOutcomes);
      const check = (name: string, verdict: 'passed' | 'failed' | 'needs-review') => ({ name, verdict, score: null, detail: name, evidence: null });
      await outcomes.recordFaceAnalysis(applicant.id, [check('face-match', 'failed'), check('liveness', 'needs-review'), check('duplicate-face', 'passed')]);
      expect(await userIds({ flagged: 'liveness' })).toEqual(['q-11']);
      expect((await api('owner').get('/applicants', { search: 'q-11' }).expect(200)).body.items[0].flaggedChecks).toEqual(['face-match', 'liveness']);
      await outcomes.recordFaceAnalysis(applicant.id, [check('face-match', 'passed'), check('liveness', 'passed'), check('duplicate-face', 'passed')]);
      expect(await userIds({ flagged: 'any' })).toEqual(['q-02', 'q-05']);
      const after = await repository.findOneByOrFail({ id: applicant.id });
      expect(after.flaggedChecks).toBeNull();
    });
  });

  describe('assignment', () => {
    it('assigns to me without changing version or updatedAt, audits from/to, and filters mine and unassigned', async () => {
      const before = await t.app.get(DataSource).getRepository(Applicant).findOneByOrFail({ organizationId: org.id, userId: 'q-01' });
      const res = await api('reviewer').post('/applicants/q-01/assign').expect(200);
      expect(res.body).toMatchObject({ userId: 'q-01', assignee: { id: reviewer.user.id, name: reviewer.user.username } });
      const after = await t.app.get(DataSource).getRepository(Applicant).findOneByOrFail({ organizationId: org.id, userId: 'q-01' });
      expect(after.version).toBe(before.version);
      expect(after.updatedAt.getTime()).toBe(before.updatedAt.getTime());
      expect(await userIds({ assignee: 'me' }, 'reviewer')).toEqual(['q-01']);
      expect(await userIds({ assignee: reviewer.user.id })).toEqual(['q-01']);
      expect(await userIds({ assignee: 'unassigned', status: 'queued' })).toEqual(['q-02', 'q-03', 'q-04', 'q-05', 'q-06']);
      const details = await api('owner').get('/applicants/q-01').expect(200);
      expect(details.body.assignee).toEqual({ id: reviewer.user.id, name: reviewer.user.username });
      expect(details.body.assignedAt).toEqual(expect.any(String));
      // A decision with the version read before the assignment still goes through.
      await api('owner').post('/applicants/q-01/hold', { version: before.version, reason: 'Checking' }).expect(200);
      expect((await audits('applicant.assigned')).at(-1)?.detail).toEqual({ from: null, to: reviewer.user.id });
    });

    it('assigns another member, refuses a non-member with 400 ASSIGNEE_NOT_MEMBER, and unassigns', async () => {
      await api('reviewer').post('/applicants/q-01/assign', { userId: owner.user.id }).expect(200);
      const refused = await api('owner').post('/applicants/q-01/assign', { userId: outsider.user.id }).expect(400);
      expect(refused.body.code).toBe('ASSIGNEE_NOT_MEMBER');
      await api('owner').post('/applicants/q-01/assign', { userId: 'not-an-id' }).expect(400);
      const released = await api('owner').post('/applicants/q-01/unassign').expect(200);
      expect(released.body).toMatchObject({ assignee: null, assignedAt: null });
      expect((await audits('applicant.assigned')).at(-1)?.detail).toEqual({ from: reviewer.user.id, to: owner.user.id });
      expect((await audits('applicant.unassigned')).at(-1)?.detail).toEqual({ from: owner.user.id });
      await api('outsider').post('/applicants/q-01/assign').expect(404);
      await request(t.server).post(`/api/projects/${org.id}/applicants/q-01/assign`).set(owner.auth).expect(403);
    });

    it('next-unassigned gives two reviewers asking at once two different applicants, each assigned', async () => {
      // q-01 is on hold now (above): q-02 to q-06 are queued.
      const query = { status: 'queued', orderBy: 'userId', orderDirection: 'asc' };
      const [a, b] = await Promise.all([
        api('owner').post('/applicants/next-unassigned', {}, query).expect(200),
        api('reviewer').post('/applicants/next-unassigned', {}, query).expect(200),
      ]);
      const taken = [a.body.item.userId, b.body.item.userId];
      expect(new Set(taken).size).toBe(2);
      expect(taken.sort()).toEqual(['q-02', 'q-03']);
      expect(a.body.item.assignee.id).toBe(owner.user.id);
      expect(b.body.item.assignee.id).toBe(reviewer.user.id);
      // Many at once: every queued one is taken once, then none is left.
      const rest = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          api(i % 2 ? 'owner' : 'reviewer')
            .post('/applicants/next-unassigned', {}, query)
            .expect(200),
        ),
      );
      const more = rest.map((res) => res.body.item?.userId).filter(Boolean);
      expect(more.sort()).toEqual(['q-04', 'q-05', 'q-06']);
      expect(rest.filter((res) => res.body.item === null)).toHaveLength(3);
      expect(await userIds({ status: 'queued', assignee: 'unassigned' })).toEqual([]);
    });

    it('next follows the filter and order after a given applicant', async () => {
      const next = await api('owner')
        .get('/applicants/next', { status: 'completed,pending', orderBy: 'userId', orderDirection: 'asc', after: 'q-08' })
        .expect(200);
      expect(next.body.item.userId).toBe('q-09');
      const first = await api('owner').get('/applicants/next', { reviewAnswer: 'approved', orderDirection: 'desc' }).expect(200);
      expect(first.body.item.userId).toBe('q-08');
      const last = await api('owner').get('/applicants/next', { reviewAnswer: 'approved', orderDirection: 'desc', after: 'q-07' }).expect(200);
      expect(last.body.item).toBeNull();
    });
  });

  describe('tags', () => {
    let tagId: string;

    it('lets the owner define tags and members use them; audits tagging; filters by tag', async () => {
      const created = await api('owner').post('/tags', { name: 'Second look', color: 'amber' }).expect(201);
      tagId = created.body.id;
      expect((await api('owner').post('/tags', { name: 'second LOOK', color: 'red' }).expect(409)).body.code).toBe('TAG_NAME_TAKEN');
      expect((await api('owner').post('/tags', { name: 'x', color: 'neon' }).expect(400)).body.code).toBe('VALIDATION_FAILED');
      expect((await api('reviewer').post('/tags', { name: 'Mine', color: 'blue' }).expect(403)).body.code).toBe('TAGS_MANAGERS_ONLY');
      expect((await api('reviewer').get('/tags').expect(200)).body).toEqual([{ id: tagId, name: 'Second look', color: 'amber' }]);

      const tagged = await api('reviewer').put(`/applicants/q-10/tags/${tagId}`).expect(200);
      expect(tagged.body).toEqual({ userId: 'q-10', tags: [{ id: tagId, name: 'Second look', color: 'amber' }] });
      await api('reviewer').put(`/applicants/q-10/tags/${tagId}`).expect(200);
      expect(await audits('applicant.tagged')).toHaveLength(1);
      expect(await userIds({ tag: tagId })).toEqual(['q-10']);
      const row = (await api('owner').get('/applicants', { tag: tagId }).expect(200)).body.items[0];
      expect(row.tags).toEqual([{ id: tagId, name: 'Second look', color: 'amber' }]);
      expect((await api('owner').get('/applicants/q-10').expect(200)).body.tags).toEqual([{ id: tagId, name: 'Second look', color: 'amber' }]);

      await api('owner').patch(`/tags/${tagId}`, { color: 'green' }).expect(200);
      await api('reviewer').delete(`/applicants/q-10/tags/${tagId}`).expect(200);
      expect(await userIds({ tag: tagId })).toEqual([]);
      expect((await audits('applicant.untagged'))[0].detail).toEqual({ tagId, name: 'Second look' });
      await api('reviewer').put(`/applicants/q-10/tags/${tagId}`).expect(200);
      await api('owner').delete(`/tags/${tagId}`).expect(204);
      expect((await api('owner').get('/applicants', { search: 'q-10' }).expect(200)).body.items[0].tags).toEqual([]);
      await api('reviewer').put(`/applicants/q-10/tags/${tagId}`).expect(404);
    });
  });

  describe('notes', () => {
    it('filters applicants with notes, and with my notes; counts follow a note added or deleted', async () => {
      const count = async (query: Record<string, string>, user: 'owner' | 'reviewer' = 'owner') =>
        (
          await api(user)
            .get('/applicants', { pageSize: '1', ...query })
            .expect(200)
        ).body.meta.totalPages;
      expect(await count({ notes: 'any' })).toBe(0);
      const note = (await api('reviewer').post('/applicants/q-03/notes', { text: 'Called the applicant' }).expect(201)).body;
      await api('owner').post('/applicants/q-07/notes', { text: 'Address looks odd' }).expect(201);
      expect(await userIds({ notes: 'any' })).toEqual(['q-03', 'q-07']);
      expect(await userIds({ notes: 'mine' }, 'reviewer')).toEqual(['q-03']);
      expect(await userIds({ notes: 'mine', status: 'completed' })).toEqual(['q-07']);
      expect(await count({ notes: 'any' })).toBe(2);
      await api('reviewer').delete(`/applicants/q-03/notes/${note.id}`).expect(204);
      expect(await count({ notes: 'any' })).toBe(1);
      expect(await count({ notes: 'mine' }, 'reviewer')).toBe(0);
    });
  });

  describe('saved views and preferences', () => {
    it('keeps each person their own views; sharing is for the owner; everyone sees shared ones', async () => {
      const mine = await api('reviewer').post('/applicant-views', { name: 'My flagged', query: '?flagged=any&assignee=me' }).expect(201);
      expect(mine.body).toMatchObject({ name: 'My flagged', query: 'flagged=any&assignee=me', shared: false, mine: true, deletable: true });
      expect((await api('reviewer').post('/applicant-views', { name: 'For all', query: 'status=queued', shared: true }).expect(403)).body.code).toBe(
        'VIEW_SHARE_MANAGERS_ONLY',
      );
      const shared = await api('owner').post('/applicant-views', { name: 'Queued', query: 'status=queued', shared: true }).expect(201);
      const seen = (await api('reviewer').get('/applicant-views').expect(200)).body;
      expect(seen.map((view: { name: string; deletable: boolean }) => [view.name, view.deletable])).toEqual([
        ['My flagged', true],
        ['Queued', false],
      ]);
      expect((await api('owner').get('/applicant-views').expect(200)).body.map((view: { name: string }) => view.name)).toEqual(['Queued']);
      await api('reviewer').delete(`/applicant-views/${shared.body.id}`).expect(403);
      await api('owner').delete(`/applicant-views/${mine.body.id}`).expect(404);
      await api('reviewer').delete(`/applicant-views/${mine.body.id}`).expect(204);
      expect((await audits('applicant_view.saved')).map((event) => event.detail)).toEqual([
        { viewId: mine.body.id, name: 'My flagged', shared: false },
        { viewId: shared.body.id, name: 'Queued', shared: true },
      ]);
    });

    it('stores each person their columns, keeping keys not sent', async () => {
      const me = () => request(t.server).get('/api/users/me/preferences').set(headers.reviewer);
      expect((await me().expect(200)).body).toEqual({});
      await request(t.server)
        .put('/api/users/me/preferences')
        .set(headers.reviewer)
        .send({ applicantListColumns: ['userId', 'name'] })
        .expect(200);
      expect((await me().expect(200)).body).toEqual({ applicantListColumns: ['userId', 'name'] });
      expect((await request(t.server).get('/api/users/me/preferences').set(headers.owner).expect(200)).body).toEqual({});
      await request(t.server)
        .put('/api/users/me/preferences')
        .set(headers.reviewer)
        .send({ applicantListColumns: ['user id'] })
        .expect(400);
      await request(t.server).put('/api/users/me/preferences').set(headers.reviewer).send({ applicantListColumns: null }).expect(200);
      expect((await me().expect(200)).body).toEqual({});
    });
  });

  describe('CSV export', () => {
    it('streams the filtered list with the expected count, neutralises formulas, and audits without personal values', async () => {
      const res = await api('owner')
        .get('/applicants/export.csv', { status: 'queued,onHold', orderBy: 'userId', orderDirection: 'asc' })
        .buffer(true)
        .parse((response, callback) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
          response.on('end', () => callback(null, text));
        })
        .expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['x-total-count']).toBe('6');
      const lines = (res.body as string).trimEnd().split('\r\n');
      expect(lines[0]).toBe('userId,name,country,kycStatus,reviewAnswer,documentType,submittedAt,updatedAt,flaggedChecks,assignee,tags');
      expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(['q-01', 'q-02', 'q-03', 'q-04', 'q-05', 'q-06']);
      expect(lines[4]).toContain(`"'=HYPERLINK(""http://evil.test"",""x"")"`);
      const [event] = await audits('applicant.list_exported');
      expect(event.detail).toEqual({ filters: { status: ['queued', 'onHold'], orderBy: 'userId', orderDirection: 'asc', searched: false }, rows: 6 });
      expect(JSON.stringify(event.detail)).not.toContain('Person');
    });

    it('exports more rows than one batch, in order', async () => {
      await seedApplicants(
        t,
        org.id,
        Array.from({ length: 1100 }, (_, i) => ({ userId: `bulk-${String(i).padStart(4, '0')}`, kycStatus: 'pending' })),
        { seed: 'bulk' },
      );
      const res = await api('owner').get('/applicants/export.csv', { search: 'bulk-', orderBy: 'userId', orderDirection: 'desc' }).expect(200);
      const ids = (res.text as string)
        .trimEnd()
        .split('\r\n')
        .slice(1)
        .map((line) => line.split(',')[0]);
      expect(res.headers['x-total-count']).toBe('1100');
      expect(ids).toHaveLength(1100);
      expect(ids[0]).toBe('bulk-1099');
      expect(ids.at(-1)).toBe('bulk-0000');
    });
  });
});
