import request from 'supertest';
import { DataSource } from 'typeorm';
import { Applicant } from '../../server/applicants/applicant.entity.js';
import { AuditEvent } from '../../server/audit/audit-event.entity.js';
import { addMember, createOrganization, seedApplicants, type TestOrganization } from '../fixtures/organizations.js';
import { sessionHeaders } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { driveClock } from '../support/clock.js';
import { createUser, type TestUser } from '../support/users.js';

const HOUR = 3_600_000;
const LOCK = 20 * 60_000; // REVIEW_LOCK_MINUTES' default

/**
 * A queue that works like one (issue 36 part 3 and bug 2): next-unassigned hands out the
 * oldest case awaiting a decision within every filter, search included, never a decided
 * one; opening a case assigns it with a lock that expires; the organization's SLA with its
 * breaches filtered and counted. On SQLite, or PostgreSQL with TEST_DATABASE_URL.
 */
describe('review queue', () => {
  let t: TestApp;
  let owner: TestUser;
  let reviewer: TestUser;
  let org: TestOrganization;
  let clock: ReturnType<typeof driveClock>;
  const headers: Record<string, Record<string, string>> = {};

  const api = (user: 'owner' | 'reviewer') => ({
    get: (path: string, query: Record<string, string> = {}) => request(t.server).get(`/api/projects/${org.id}${path}`).query(query).set(headers[user]),
    post: (path: string, query: Record<string, string> = {}) =>
      request(t.server).post(`/api/projects/${org.id}${path}`).query(query).set(headers[user]).send({}),
    put: (path: string, body: object) => request(t.server).put(`/api/projects/${org.id}${path}`).set(headers[user]).send(body),
  });
  const next = async (user: 'owner' | 'reviewer', query: Record<string, string> = {}) =>
    ((await api(user).post('/applicants/next-unassigned', query).expect(200)).body.item?.userId as string | undefined) ?? null;
  const row = (userId: string) => t.app.get(DataSource).getRepository(Applicant).findOneByOrFail({ organizationId: org.id, userId });
  const assignments = () =>
    t.app
      .get(DataSource)
      .getRepository(AuditEvent)
      .find({ where: { organizationId: org.id, action: 'applicant.assigned' }, order: { createdAt: 'ASC' } });
  const release = (...userIds: string[]) => Promise.all(userIds.map((userId) => api('owner').post(`/applicants/${userId}/unassign`).expect(200)));
  const listed = async (query: Record<string, string>) =>
    (
      await api('owner')
        .get('/applicants', { pageSize: '50', orderBy: 'userId', orderDirection: 'asc', ...query })
        .expect(200)
    ).body.items.map((item: { userId: string }) => item.userId);

  beforeAll(async () => {
    t = await startTestApp();
    owner = await createUser(t);
    reviewer = await createUser(t);
    org = await createOrganization(t, owner, 'Queue Works');
    await addMember(t, owner, org.id, reviewer);
    headers.owner = await sessionHeaders(t, owner);
    headers.reviewer = await sessionHeaders(t, reviewer);
    const now = Date.now();
    const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR);
    // Oldest first: the two decided ones were submitted before anything still waiting.
    await seedApplicants(t, org.id, [
      { userId: 'r-01', kycStatus: 'completed', reviewAnswer: 'approved', name: 'Carla Decided', submittedAt: at(100) },
      { userId: 'r-02', kycStatus: 'completed', reviewAnswer: 'rejected', name: 'Bruno Decided', submittedAt: at(90) },
      { userId: 'r-03', kycStatus: 'queued', reviewAnswer: null, name: 'Ana Lima', submittedAt: at(80) },
      { userId: 'r-04', kycStatus: 'onHold', reviewAnswer: null, name: 'Dora Held', submittedAt: at(70) },
      { userId: 'r-05', kycStatus: 'pending', reviewAnswer: null, name: 'Eva Redoing', submittedAt: at(60) },
      { userId: 'r-06', kycStatus: 'init', reviewAnswer: null, name: null, submittedAt: null },
      { userId: 'r-07', kycStatus: 'queued', reviewAnswer: null, name: 'Bruno Costa', submittedAt: at(2) },
      // Set to queued by a staff edit, never submitted.
      { userId: 'r-08', kycStatus: 'queued', reviewAnswer: null, name: 'Fabio Unsent', submittedAt: null },
    ]);
    clock = driveClock(t);
  });
  afterAll(async () => {
    clock.restore();
    await t.close();
  });

  describe('next-unassigned', () => {
    it('never hands out a decided applicant, whatever the filters ask', async () => {
      expect(await next('owner', { status: 'completed' })).toBeNull();
      expect(await next('owner', { reviewAnswer: 'approved' })).toBeNull();
      expect(await next('owner', { search: 'Decided' })).toBeNull();
      // Nor one not submitted (init, or queued by hand without a submission), nor one the end user is redoing (pending).
      expect(await next('owner', { status: 'init,pending' })).toBeNull();
      expect(await next('owner', { search: 'Fabio' })).toBeNull();
      expect((await row('r-01')).assigneeId).toBeNull();
    });

    it('hands out the oldest submission awaiting a decision first (on hold included) by default, then the next', async () => {
      expect(await next('owner')).toBe('r-03');
      expect(await next('reviewer')).toBe('r-04');
      expect(await next('owner')).toBe('r-07');
      expect(await next('reviewer')).toBeNull();
      const taken = await row('r-04');
      expect(taken).toMatchObject({ assigneeId: reviewer.user.id });
      expect(new Date(taken.lockedUntil!).getTime()).toBe(clock.now().getTime() + LOCK);
      expect((await assignments()).at(-1)?.detail).toEqual({ from: null, to: owner.user.id, via: 'next-unassigned' });
      await release('r-03', 'r-04', 'r-07');
    });

    it('honours the search and every filter, with the list order when one is asked', async () => {
      expect(await next('reviewer', { search: 'Bruno' })).toBe('r-07');
      expect(await next('reviewer', { status: 'onHold' })).toBe('r-04');
      expect(await next('reviewer', { search: 'Ana', status: 'onHold' })).toBeNull();
      expect(await next('reviewer', { orderBy: 'userId', orderDirection: 'desc' })).toBe('r-03');
      await release('r-03', 'r-04', 'r-07');
      // "& next" walks the list within its search too.
      const after = async (query: Record<string, string>) => (await api('owner').get('/applicants/next', query).expect(200)).body.item?.userId ?? null;
      const bruno = { search: 'Bruno', orderBy: 'userId', orderDirection: 'asc' };
      expect(await after(bruno)).toBe('r-02');
      expect(await after({ ...bruno, after: 'r-02' })).toBe('r-07');
      expect(await after({ ...bruno, after: 'r-07' })).toBeNull();
    });
  });

  describe('opening a case', () => {
    it('assigns it to the reviewer who opens it; others see who holds it; reopening moves the lock without an audit entry', async () => {
      const opened = await api('reviewer').post('/applicants/r-03/open').expect(200);
      expect(opened.body).toMatchObject({ userId: 'r-03', assignee: { id: reviewer.user.id, name: reviewer.user.username } });
      expect(new Date(opened.body.lockedUntil).getTime()).toBe(clock.now().getTime() + LOCK);
      expect((await assignments()).at(-1)?.detail).toEqual({ from: null, to: reviewer.user.id, via: 'opened' });
      const entries = (await assignments()).length;

      const other = await api('owner').post('/applicants/r-03/open').expect(200);
      expect(other.body.assignee).toEqual({ id: reviewer.user.id, name: reviewer.user.username });
      expect((await row('r-03')).assigneeId).toBe(reviewer.user.id);
      // Nor does next-unassigned hand out a case while its lock holds.
      expect(await next('owner', { search: 'Ana' })).toBeNull();

      clock.advance(10 * 60_000);
      const again = await api('reviewer').post('/applicants/r-03/open').expect(200);
      expect(new Date(again.body.lockedUntil).getTime()).toBe(clock.now().getTime() + LOCK);
      expect(await assignments()).toHaveLength(entries);
      const details = await api('owner').get('/applicants/r-03').expect(200);
      expect(details.body.assignee).toEqual({ id: reviewer.user.id, name: reviewer.user.username });
    });

    it('lets the next reviewer take the case once the lock ended, by opening it or with next-unassigned', async () => {
      clock.advance(LOCK + 1000);
      const taken = await api('owner').post('/applicants/r-03/open').expect(200);
      expect(taken.body.assignee.id).toBe(owner.user.id);
      expect((await assignments()).at(-1)?.detail).toEqual({ from: reviewer.user.id, to: owner.user.id, via: 'opened' });

      await api('reviewer').post('/applicants/r-07/open').expect(200);
      expect(await next('owner', { search: 'Bruno' })).toBeNull();
      clock.advance(LOCK);
      expect(await next('owner', { search: 'Bruno' })).toBe('r-07');
      expect((await assignments()).at(-1)?.detail).toEqual({ from: reviewer.user.id, to: owner.user.id, via: 'next-unassigned' });
      await release('r-03', 'r-07');
    });

    it('never assigns a decided case, nor takes one assigned by hand (no lock)', async () => {
      const decided = await api('reviewer').post('/applicants/r-01/open').expect(200);
      expect(decided.body).toMatchObject({ assignee: null, lockedUntil: null });
      expect((await row('r-01')).assigneeId).toBeNull();

      await request(t.server).post(`/api/projects/${org.id}/applicants/r-04/assign`).set(headers.owner).send({ userId: reviewer.user.id }).expect(200);
      expect((await row('r-04')).lockedUntil).toBeNull();
      clock.advance(10 * LOCK);
      const held = await api('owner').post('/applicants/r-04/open').expect(200);
      expect(held.body).toMatchObject({ assignee: { id: reviewer.user.id }, lockedUntil: null });
      expect(await next('owner', { status: 'onHold' })).toBeNull();
      await release('r-04');
      await api('owner').post('/applicants/r-404/open').expect(404);
    });
  });

  describe('SLA', () => {
    it('is none until a manager sets one: the breached filter says so, the figures count none', async () => {
      expect((await api('reviewer').get('/review-settings').expect(200)).body).toMatchObject({ slaHours: null });
      const refused = await api('owner').get('/applicants', { sla: 'breached' }).expect(400);
      expect(refused.body.code).toBe('SLA_NOT_SET');
      expect((await api('owner').get('/stats').expect(200)).body.sla).toEqual({ hours: null, breached: 0 });
    });

    it('is set in the review settings (whole hours, 1 to a year; absent keeps it, null clears it), audited', async () => {
      for (const slaHours of [0, 1.5, 8761, '24']) await api('owner').put('/review-settings', { fourEyes: 'off', slaHours }).expect(400);
      await api('reviewer').put('/review-settings', { fourEyes: 'off', slaHours: 24 }).expect(403);
      expect((await api('owner').put('/review-settings', { fourEyes: 'off', slaHours: 24 }).expect(200)).body).toMatchObject({ slaHours: 24 });
      expect((await api('owner').put('/review-settings', { fourEyes: 'rejections' }).expect(200)).body).toMatchObject({ fourEyes: 'rejections', slaHours: 24 });
      const entries = await t.app
        .get(DataSource)
        .getRepository(AuditEvent)
        .find({ where: { organizationId: org.id, action: 'organization.review_settings_changed' }, order: { createdAt: 'ASC' } });
      expect(entries[0].detail).toEqual({ fourEyes: { from: 'off', to: 'off' }, slaHours: { from: null, to: 24 } });
      expect(entries[1].detail).toEqual({ fourEyes: { from: 'off', to: 'rejections' } });
      await api('owner').put('/review-settings', { fourEyes: 'off' }).expect(200);
    });

    it('filters and counts the applicants awaiting a decision past it, and next-unassigned takes the filter', async () => {
      // 24 h: r-03 (80 h) and r-04 (70 h, on hold) are past it; r-07 (2 h) is not; decided and unsubmitted ones never are.
      expect(await listed({ sla: 'breached' })).toEqual(['r-03', 'r-04']);
      expect(await listed({ sla: 'breached', status: 'completed' })).toEqual([]);
      expect(await listed({ sla: 'breached', search: 'Dora' })).toEqual(['r-04']);
      expect((await api('owner').get('/stats').expect(200)).body.sla).toEqual({ hours: 24, breached: 2 });
      // Time passes: r-07 breaches too.
      clock.advance(23 * HOUR);
      expect(await listed({ sla: 'breached' })).toEqual(['r-03', 'r-04', 'r-07']);
      expect((await api('owner').get('/stats').expect(200)).body.sla).toEqual({ hours: 24, breached: 3 });
      expect(await next('reviewer', { sla: 'breached', status: 'queued', orderBy: 'submittedAt', orderDirection: 'desc' })).toBe('r-07');
      const first = await api('owner').get('/applicants/next', { sla: 'breached', orderBy: 'userId', orderDirection: 'asc' }).expect(200);
      expect(first.body.item.userId).toBe('r-03');
      const csv = await api('owner').get('/applicants/export.csv', { sla: 'breached' }).expect(200);
      expect(csv.headers['x-total-count']).toBe('3');
      await api('owner').get('/applicants', { sla: 'late' }).expect(400);
      await release('r-07');
    });

    it('cleared (null): no breaches counted, the filter refused', async () => {
      expect((await api('owner').put('/review-settings', { fourEyes: 'off', slaHours: null }).expect(200)).body).toMatchObject({ slaHours: null });
      expect((await api('owner').get('/stats').expect(200)).body.sla).toEqual({ hours: null, breached: 0 });
      await api('owner').post('/applicants/next-unassigned', { sla: 'breached' }).expect(400);
    });
  });
});
