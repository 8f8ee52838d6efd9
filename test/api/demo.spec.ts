import request from 'supertest';
import { DataSource } from 'typeorm';
import { AnalysisPool } from '../../server/analysis/analysis-pool.js';
import { AnalysisJob } from '../../server/applicants/analysis/analysis-job.entity.js';
import { ApplicantCheck } from '../../server/applicants/applicant-check.entity.js';
import { ApplicantImage } from '../../server/applicants/applicant-image.entity.js';
import { Applicant } from '../../server/applicants/applicant.entity.js';
import { AuditEvent } from '../../server/audit/audit-event.entity.js';
import { Session } from '../../server/sessions/session.entity.js';
import { Clock } from '../../server/common/clock.js';
import { JobLockService } from '../../server/common/jobs/job-lock.service.js';
import { DEMO_LIFETIME_MS, DEMO_PASSWORD } from '../../server/demo/demo.constants.js';
import { DemoService } from '../../server/demo/demo.service.js';
import { Organization } from '../../server/organizations/organization.entity.js';
import { User } from '../../server/users/user.entity.js';
import { WebhookEvent } from '../../server/webhooks/webhook-event.entity.js';
import { browser } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createUser } from '../support/users.js';
import { waitUntil } from '../support/wait.js';

describe('demo accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ DEMO_ACCOUNTS_PER_HOUR: '5' });
  });
  afterAll(() => t.close());

  const rowsOwnedBy = async (userId: string) => {
    const ds = t.app.get(DataSource);
    const organizations = await ds.getRepository(Organization).findBy({ ownerId: userId });
    const ids = organizations.map((o) => o.id);
    const applicants = ids.length ? await ds.getRepository(Applicant).createQueryBuilder('a').where('a.organizationId IN (:...ids)', { ids }).getMany() : [];
    const applicantIds = applicants.map((a) => a.id);
    return {
      users: await ds.getRepository(User).countBy({ id: userId }),
      organizations: organizations.length,
      applicants: applicants.length,
      images: applicantIds.length
        ? await ds.getRepository(ApplicantImage).createQueryBuilder('i').where('i.applicantId IN (:...applicantIds)', { applicantIds }).getCount()
        : 0,
      audit: ids.length ? await ds.getRepository(AuditEvent).createQueryBuilder('e').where('e.organizationId IN (:...ids)', { ids }).getCount() : 0,
      webhookEvents: await ds.getRepository(WebhookEvent).countBy({ userId }),
      sessions: await ds.getRepository(Session).countBy({ userId }),
    };
  };

  it('creates a signed-in-able demo account seeded with two organizations, ~60 applicants with images, decisions and deliveries', async () => {
    const started = performance.now();
    const res = await request(t.server).post('/api/demo/register').set('X-Requested-With', 'XMLHttpRequest').expect(200);
    const elapsed = performance.now() - started;
    console.info(`demo account created in ${elapsed.toFixed(0)} ms (measured, not asserted)`);
    expect(Object.keys(res.body)).toEqual(['email']);
    // The first account of a fresh server gets its photos once the background thread has drawn them.
    await t.app.get(DemoService).settled();

    const agent = browser(t);
    await agent.post('/api/auth/login').send({ username: res.body.email, password: DEMO_PASSWORD }).expect(200);
    const me = (await agent.get('/api/users/me').expect(200)).body;
    expect(me).toMatchObject({ isDemo: true, isConfirmed: true, role: 'kyc' });
    const projects = (await agent.get('/api/projects').expect(200)).body as { id: string }[];
    expect(projects).toHaveLength(2);

    const rows = await rowsOwnedBy(me.id);
    expect(rows.applicants).toBeGreaterThanOrEqual(55);
    expect(rows.images).toBeGreaterThan(100);
    // Completed after the drawing: the submitted applicants have the data read from their document (but a spoilt photo, on hold).
    const seeded = await t.app
      .get(DataSource)
      .getRepository(Applicant)
      .find({ where: projects.map((project) => ({ organizationId: project.id })) });
    const submittedApplicants = seeded.filter((applicant) => applicant.submittedAt);
    expect(submittedApplicants.filter((applicant) => applicant.documentData !== null).length).toBeGreaterThan(40);
    expect(submittedApplicants.filter((applicant) => applicant.documentData === null).every((applicant) => applicant.kycStatus === 'onHold')).toBe(true);
    expect(rows.audit).toBeGreaterThan(20);
    expect(rows.webhookEvents).toBeGreaterThan(5);
    const statuses = new Set(
      (
        await t.app
          .get(DataSource)
          .getRepository(Applicant)
          .find({ where: {}, select: { kycStatus: true } })
      ).map((a) => a.kycStatus),
    );
    expect([...statuses].sort()).toEqual(['completed', 'init', 'onHold', 'pending', 'prechecked', 'queued']);

    const list = await agent.get(`/api/projects/${projects[0].id}/applicants`).query({ pageSize: 5 }).expect(200);
    expect(list.body.items).toHaveLength(5);
  });

  it('gives submitted applicants document photos the reader reads and the analysis results a real submission leaves', async () => {
    const { email } = (await request(t.server).post('/api/demo/register').set('X-Requested-With', 'XMLHttpRequest').expect(200)).body;
    await t.app.get(DemoService).settled();
    const agent = browser(t);
    await agent.post('/api/auth/login').send({ username: email, password: DEMO_PASSWORD }).expect(200);
    const projects = (await agent.get('/api/projects').expect(200)).body as { id: string; name: string }[];
    const ds = t.app.get(DataSource);
    // In one order on both databases and every run (organizations by name, then userId), so that each looks at the same applicants.
    const names = new Map(projects.map((project) => [project.id, project.name]));
    const applicants = (await ds.getRepository(Applicant).find({ where: projects.map((project) => ({ organizationId: project.id })) })).sort(
      (a, b) => names.get(a.organizationId)!.localeCompare(names.get(b.organizationId)!) || a.userId.localeCompare(b.userId),
    );
    const submitted = applicants.filter((applicant) => applicant.submittedAt);
    expect(submitted.length).toBeGreaterThan(40);
    expect(submitted.filter((applicant) => applicant.documentData === null).every((applicant) => applicant.kycStatus === 'onHold')).toBe(true);
    expect(
      await ds.getRepository(AnalysisJob).countBy(submitted.map((applicant) => ({ applicantId: applicant.id, kind: 'document', status: 'done' as const }))),
    ).toBe(submitted.length);
    // A few show a real face, whose analysis is queued (the next test); the checks below are the others'.
    const faced = new Set(
      (await ds.getRepository(AnalysisJob).findBy(submitted.map((applicant) => ({ applicantId: applicant.id, kind: 'face' })))).map((job) => job.applicantId),
    );

    type Check = {
      name: string;
      verdict: string;
      detail: string;
      evidence: { fields?: { field: string; declared: string; extracted: string; verdict: string }[] } | null;
    };
    const checksOf = async (applicant: Applicant) =>
      Object.fromEntries(
        ((await agent.get(`/api/projects/${applicant.organizationId}/applicants/${applicant.userId}/checks`).expect(200)).body as Check[]).map((c) => [
          c.name,
          c,
        ]),
      );

    // A card: its photos are JPEGs with their measures, and the real reader reads what is stored as read.
    const card = submitted.find((applicant) => applicant.documentType === 'ID_CARD' && applicant.reviewAnswer === 'approved' && !faced.has(applicant.id))!;
    const details = (await agent.get(`/api/projects/${card.organizationId}/applicants/${card.userId}`).expect(200)).body;
    expect(details.analysis).toBe('done');
    expect(details.document).toEqual(card.documentData);
    expect(details.identity.images.map((image: { docType: string; side: string | null }) => [image.docType, image.side])).toEqual([
      ['ID_CARD', 'front'],
      ['ID_CARD', 'back'],
      ['SELFIE', null],
    ]);
    expect(details.identity.images[0].quality).toMatchObject({ width: expect.any(Number), sharpness: expect.any(Number), glare: expect.any(Number) });
    const photo = await agent.get(details.identity.images[1].url).buffer(true).expect(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    const photos = await ds.getRepository(ApplicantImage).findBy({ applicantId: card.id, docType: 'ID_CARD' });
    const read = await t.app.get(AnalysisPool).readDocument(
      'background',
      'ID_CARD',
      photos.map((image) => ({ side: image.side, data: image.data })),
      card.submittedAt!,
    );
    expect(read.read).toEqual(card.documentData);
    const checks = await checksOf(card);
    expect(Object.keys(checks).sort()).toEqual([
      'adult',
      'data-matches-document',
      'document-not-expired',
      'document-number-unique',
      'document-read',
      'images-readable',
    ]);
    expect(checks['document-read']).toMatchObject({ verdict: 'passed', detail: 'TD1 machine-readable zone read; every check digit passed' });
    expect(checks['data-matches-document']).toMatchObject({ verdict: 'passed', detail: '5 of 5 fields match the document' });
    const activity = (await agent.get(`/api/projects/${card.organizationId}/applicants/${card.userId}/activity`).expect(200)).body.items as {
      action: string;
      detail: unknown;
    }[];
    expect(activity.find((event) => event.action === 'applicant.analysed')?.detail).toEqual({
      checks: [
        { name: 'document-read', verdict: 'passed' },
        { name: 'data-matches-document', verdict: 'passed' },
        { name: 'document-not-expired', verdict: 'passed' },
        { name: 'adult', verdict: 'passed' },
      ],
    });
    // The document's own dates decide expiry and age, as they do after a real submission.
    expect(checks['document-not-expired'].detail).toMatch(/^Expires \d{4}-\d{2}-\d{2} \(read from the document\)$/);
    expect(checks['adult'].detail).toMatch(/^Age \d+ \(read from the document\)$/);

    // A few mistyped one field: the check fails on it, and none of them is approved.
    const mismatched = [];
    for (const applicant of submitted.filter((a) => a.reviewAnswer !== 'approved')) {
      const check = (await checksOf(applicant))['data-matches-document'];
      if (check.verdict === 'failed') mismatched.push({ applicant, check });
    }
    expect(mismatched.length).toBeGreaterThanOrEqual(2);
    for (const { applicant, check } of mismatched) {
      const field = check.evidence!.fields!.find((comparison) => comparison.verdict === 'mismatch')!;
      expect(check.detail).toBe(`Differs from the document: ${field.field}`);
      expect(field.declared).not.toBe(field.extracted);
      if (applicant.reviewAnswer === 'rejected') expect(applicant.rejectReason).toMatch(/does not match|differs from the document/);
    }
    // One on hold photographed the document with a thumb over its zone: the real reader could not read it.
    const unread = submitted.filter((applicant) => applicant.documentData === null);
    expect(unread.length).toBeGreaterThanOrEqual(1);
    for (const applicant of unread) {
      const checks = await checksOf(applicant);
      expect(checks['document-read']).toMatchObject({ verdict: 'needs-review', detail: expect.stringMatching(/^Unreadable \(.+\)$/) });
      expect(checks['data-matches-document']).toMatchObject({ verdict: 'needs-review', detail: 'Nothing was read from the document to compare with' });
      const activity = (await agent.get(`/api/projects/${applicant.organizationId}/applicants/${applicant.userId}/activity`).expect(200)).body.items as {
        action: string;
        detail: { reason?: string };
      }[];
      expect(activity.find((event) => event.action === 'applicant.held')?.detail.reason).toMatch(/^Waiting for a clearer photo of the /);
    }
    const approved = submitted.filter((applicant) => applicant.reviewAnswer === 'approved');
    for (const applicant of approved) expect((await checksOf(applicant))['data-matches-document'].verdict).toBe('passed');
  });

  it('gives the first submitted applicants of each organization a face the detector finds, and the real face analysis checks it', async () => {
    const { email } = (await request(t.server).post('/api/demo/register').set('X-Requested-With', 'XMLHttpRequest').expect(200)).body;
    await t.app.get(DemoService).settled();
    const agent = browser(t);
    await agent.post('/api/auth/login').send({ username: email, password: DEMO_PASSWORD }).expect(200);
    const projects = (await agent.get('/api/projects').expect(200)).body as { id: string }[];
    const ds = t.app.get(DataSource);
    const submitted = (await ds.getRepository(Applicant).find({ where: projects.map((project) => ({ organizationId: project.id })) })).filter(
      (applicant) => applicant.submittedAt,
    );
    const jobs = ds.getRepository(AnalysisJob);
    const faced = await jobs.findBy(submitted.map((applicant) => ({ applicantId: applicant.id, kind: 'face' })));
    expect(faced.length).toBeGreaterThanOrEqual(2 * 4);
    // The app's runner analyses them as it would a real submission.
    const ids = faced.map((job) => job.applicantId);
    await waitUntil(
      async () => ((await jobs.findBy(ids.map((applicantId) => ({ applicantId, kind: 'face' })))).every((job) => job.status === 'done') ? true : undefined),
      120_000,
      'the demo applicants’ face analysis',
    );
    const checks = await ds.getRepository(ApplicantCheck).findBy(ids.map((applicantId) => ({ applicantId, name: 'face-match' })));
    expect(checks).toHaveLength(ids.length);
    // Each face is found on the selfie and the document and matches: the same person, a different one each.
    expect(checks.map((check) => check.verdict)).toEqual(ids.map(() => 'passed'));
    const duplicates = await ds.getRepository(ApplicantCheck).findBy(ids.map((applicantId) => ({ applicantId, name: 'duplicate-face' })));
    expect(duplicates.map((check) => check.verdict)).toEqual(ids.map(() => 'passed'));
  }, 180_000);

  it('keeps a demo user away from API keys and locks the username and e-mail', async () => {
    const { email } = (await request(t.server).post('/api/demo/register').set('X-Requested-With', 'XMLHttpRequest').expect(200)).body;
    const agent = browser(t);
    await agent.post('/api/auth/login').send({ username: email, password: DEMO_PASSWORD }).expect(200);
    await agent.get('/api/api-keys').expect(403);
    const rename = await agent.put('/api/users').send({ username: 'renamed-demo' }).expect(403);
    expect(rename.body.message).toBe('Disabled in demo');
    await agent.post('/api/auth/change-email').send({ password: DEMO_PASSWORD, email: 'me@example.com' }).expect(403);
  });

  it('deletes the demo account and everything it owns at logout', async () => {
    const { email } = (await request(t.server).post('/api/demo/register').set('X-Requested-With', 'XMLHttpRequest').expect(200)).body;
    const agent = browser(t);
    await agent.post('/api/auth/login').send({ username: email, password: DEMO_PASSWORD }).expect(200);
    const { id } = (await agent.get('/api/users/me').expect(200)).body;
    expect((await rowsOwnedBy(id)).applicants).toBeGreaterThan(0);
    const organizationIds = (await t.app.get(DataSource).getRepository(Organization).findBy({ ownerId: id })).map((o) => o.id);
    await agent.post('/api/auth/logout').expect((r) => expect(r.status).toBeLessThan(300));
    expect(await rowsOwnedBy(id)).toEqual({ users: 0, organizations: 0, applicants: 0, images: 0, audit: 0, webhookEvents: 0, sessions: 0 });
    const leftover = await t.app
      .get(DataSource)
      .getRepository(AuditEvent)
      .createQueryBuilder('e')
      .where('e.organizationId IN (:...organizationIds)', { organizationIds })
      .getCount();
    expect(leftover).toBe(0);
    await browser(t).post('/api/auth/login').send({ username: email, password: DEMO_PASSWORD }).expect(401);
  });

  it('limits demo creation per IP address with a clear message', async () => {
    let last = 0;
    let body: { message?: string } = {};
    for (let i = 0; i < 3; i++) {
      const res = await request(t.server).post('/api/demo/register').set('X-Requested-With', 'XMLHttpRequest');
      last = res.status;
      body = res.body;
    }
    expect(last).toBe(429);
    expect(body.message).toMatch(/^Too many demo accounts were created from your network\. Try again in \d+ minutes, or sign up for a free account\.$/);
  });
});

describe('the demo cleanup job', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ DEMO_ACCOUNTS_PER_HOUR: '10' });
  });
  afterAll(() => t.close());

  it('removes exactly the demo accounts older than 24 hours, and nothing else', async () => {
    const clock = t.app.get(Clock);
    const demo = t.app.get(DemoService);
    const ds = t.app.get(DataSource);
    const realNow = clock.now.bind(clock);
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 60 * 60 * 1000);
    try {
      clock.now = () => hoursAgo(25);
      await demo.register('10.0.0.1');
      clock.now = () => hoursAgo(23);
      await demo.register('10.0.0.1');
    } finally {
      clock.now = realNow;
    }
    const oldRegular = await createUser(t);
    await ds.getRepository(User).update({ id: oldRegular.user.id }, { createdAt: hoursAgo(48) });
    const emails = async () => (await ds.getRepository(User).find({ select: { email: true } })).map((u) => u.email);
    const before = await emails();

    expect(await demo.deleteExpired()).toBe(1);
    const after = await emails();
    expect(before.filter((e) => !after.includes(e))).toHaveLength(1);
    expect(after).toContain(oldRegular.user.email);
    expect(after.filter((e) => e.startsWith('demo-'))).toHaveLength(1);

    // An hour later the 23-hour-old account has expired too.
    clock.now = () => new Date(Date.now() + DEMO_LIFETIME_MS / 24 + 60_000);
    try {
      expect(await demo.deleteExpired()).toBe(1);
    } finally {
      clock.now = realNow;
    }
    expect((await emails()).filter((e) => e.startsWith('demo-'))).toHaveLength(0);
  });

  it('runs each slot on one replica only (the job lock)', async () => {
    const jobs = [t.app.get(JobLockService), new JobLockService(t.app.get(DataSource), t.app.get(Clock))];
    let runs = 0;
    const results = await Promise.all(jobs.map((job) => job.runOnce('test-job', 60_000, async () => void runs++)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(runs).toBe(1);
    expect(await jobs[1].runOnce('test-job', 60_000, async () => void runs++)).toBe(false);
  });
});
