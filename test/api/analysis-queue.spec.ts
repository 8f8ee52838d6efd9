import type { INestApplicationContext } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AnalysisHandlers, type AnalysisHandler } from '../../server/analysis/analysis-handlers.js';
import { ANALYSIS_LEASE_MS } from '../../server/analysis/analysis-executor.service.js';
import { AnalysisJob } from '../../server/applicants/analysis/analysis-job.entity.js';
import { AnalysisJobs, MAX_ATTEMPTS } from '../../server/applicants/analysis/analysis-jobs.service.js';
import { Applicant } from '../../server/applicants/applicant.entity.js';
import { createOrganization, seedApplicants } from '../fixtures/organizations.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { driveClock } from '../support/clock.js';
import { createUser } from '../support/users.js';
import { waitUntil } from '../support/webhook-receiver.js';

/** A handler that records which applicant it ran for, in which process, and can be told to fail. */
class ProbeHandler implements AnalysisHandler {
  readonly runs: string[] = [];
  readonly givenUp: string[] = [];
  failWith: string | undefined;

  constructor(readonly name = 'probe') {}

  async run(job: AnalysisJob): Promise<void> {
    this.runs.push(job.applicantId);
    await new Promise((resolve) => setTimeout(resolve, 20));
    if (this.failWith) throw new Error(this.failWith);
  }

  async giveUp(job: AnalysisJob): Promise<void> {
    this.givenUp.push(job.applicantId);
  }
}

function probeIn(context: INestApplicationContext, name?: string): ProbeHandler {
  const probe = new ProbeHandler(name);
  context.get(AnalysisHandlers, { strict: false }).register('probe', probe);
  return probe;
}

/** Seeds `count` applicants; returns their ids. */
async function applicants(t: TestApp, count: number): Promise<string[]> {
  const owner = await createUser(t);
  const organization = await createOrganization(t, owner);
  const seeded = await seedApplicants(t, organization.id, Array.from({ length: count }, () => ({})));
  const rows = await t.app.get(DataSource).getRepository(Applicant).find({ where: seeded.map((row) => ({ organizationId: organization.id, userId: row.userId })) });
  return rows.map((applicant) => applicant.id);
}

/** Seeds `count` applicants and queues a probe job for each, as a submission would. */
async function queueProbes(t: TestApp, count: number): Promise<string[]> {
  const ids = await applicants(t, count);
  const dataSource = t.app.get(DataSource);
  const jobs = t.app.get(AnalysisJobs);
  await dataSource.transaction(async (manager) => {
    for (const id of ids) await jobs.enqueue(manager, id, 'probe');
  });
  jobs.announce();
  return ids;
}

const statuses = async (t: TestApp) =>
  (await t.app.get(DataSource).getRepository(AnalysisJob).find({ select: { status: true } })).map((job) => job.status);

describe('analysis jobs in the app (embedded: the database is the queue)', () => {
  let t: TestApp;
  afterEach(async () => t?.close());

  it('runs every queued job once, on the worker slots of the app', async () => {
    t = await startTestApp({ ANALYSIS_THREADS: '2' });
    const probe = probeIn(t.app);
    const ids = await queueProbes(t, 6);
    await waitUntil(async () => ((await statuses(t)).every((status) => status === 'done') ? true : undefined));
    expect([...probe.runs].sort()).toEqual([...ids].sort());
    expect(await t.app.get(AnalysisJobs).stateOf(ids[0])).toBe('done');
  });

  it('retries a failing job with a back-off, then gives up and lets its handler record that', async () => {
    t = await startTestApp();
    const clock = driveClock(t);
    try {
      const probe = probeIn(t.app);
      probe.failWith = 'the reader crashed';
      const [id] = await queueProbes(t, 1);
      const row = () => t.app.get(DataSource).getRepository(AnalysisJob).findOneByOrFail({ applicantId: id });
      for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt += 1) {
        // The attempt failed and waits out its back-off; nothing runs until the clock passes it.
        await waitUntil(async () => {
          const job = await row();
          return job.status === 'queued' && job.attempts === attempt ? true : undefined;
        });
        expect((await row()).runAfter.getTime()).toBeGreaterThan(clock.now().getTime());
        expect(probe.runs).toHaveLength(attempt);
        clock.advance(61_000); // past either back-off
      }
      await waitUntil(async () => ((await row()).status === 'failed' ? true : undefined));
      expect(probe.runs).toEqual([id, id, id]);
      expect(probe.givenUp).toEqual([id]);
      const job = await t.app.get(DataSource).getRepository(AnalysisJob).findOneByOrFail({ applicantId: id });
      expect(job).toMatchObject({ attempts: MAX_ATTEMPTS, lastError: 'the reader crashed' });
    } finally {
      clock.restore();
    }
  });

  it('picks up what a dead process left: its queued job at once, the one it was running once the lease ends', async () => {
    t = await startTestApp({ ANALYSIS_THREADS: '1' });
    const clock = driveClock(t);
    try {
      const probe = probeIn(t.app);
      const [waiting, interrupted] = await applicants(t, 2);
      const now = clock.now();
      await t.app.get(DataSource).getRepository(AnalysisJob).insert([
        { applicantId: waiting, kind: 'probe', status: 'queued', runAfter: now },
        { applicantId: interrupted, kind: 'probe', status: 'running', attempts: 1, runAfter: now, lockedBy: 'dead-host:1:0', lockedUntil: new Date(now.getTime() + ANALYSIS_LEASE_MS) },
      ]);
      await waitUntil(() => (probe.runs.includes(waiting) ? true : undefined));
      expect(probe.runs).toEqual([waiting]);
      clock.advance(ANALYSIS_LEASE_MS + 1000);
      await waitUntil(async () => ((await statuses(t)).every((status) => status === 'done') ? true : undefined));
      expect([...probe.runs].sort()).toEqual([waiting, interrupted].sort());
      const jobs = t.app.get(DataSource).getRepository(AnalysisJob);
      expect(await jobs.findOneByOrFail({ applicantId: interrupted })).toMatchObject({ attempts: 2, lockedBy: null });
    } finally {
      clock.restore();
    }
  });

  it('queues a job again for a new submission: one row per applicant and kind', async () => {
    t = await startTestApp();
    const probe = probeIn(t.app);
    const [id] = await queueProbes(t, 1);
    await waitUntil(async () => ((await statuses(t))[0] === 'done' ? true : undefined));
    const jobs = t.app.get(AnalysisJobs);
    await t.app.get(DataSource).transaction((manager) => jobs.enqueue(manager, id, 'probe'));
    jobs.announce();
    await waitUntil(() => (probe.runs.length === 2 ? true : undefined));
    await waitUntil(async () => ((await statuses(t))[0] === 'done' ? true : undefined));
    expect(await t.app.get(DataSource).getRepository(AnalysisJob).findOneByOrFail({ applicantId: id })).toMatchObject({ runs: 2, attempts: 1 });
  });
});

// BullMQ across processes needs a database they can all reach (PostgreSQL) and Redis.
const redisUrl = process.env.TEST_REDIS_URL;
const sharedDatabase = Boolean(process.env.TEST_DATABASE_URL);
if (!redisUrl || !sharedDatabase) {
  console.warn('SKIPPED: analysis over BullMQ — set TEST_DATABASE_URL and TEST_REDIS_URL to run workers sharing a Redis queue');
}

(redisUrl && sharedDatabase ? describe : describe.skip)('analysis jobs over BullMQ (skipped without TEST_DATABASE_URL and TEST_REDIS_URL)', () => {
  let t: TestApp;
  const workers: INestApplicationContext[] = [];
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.close()));
    await t?.close();
  });

  it('shares the jobs between two worker processes without running any twice', async () => {
    // The app only hands jobs to Redis; two workers (as `npm run worker` starts them) take them.
    t = await startTestApp({ REDIS_URL: redisUrl!, ANALYSIS_WORKERS_ONLY: 'true', ANALYSIS_THREADS: '1' });
    const { createWorker } = await import('../../server/worker.module.js');
    for (let i = 0; i < 2; i += 1) workers.push(await createWorker());
    const probes = workers.map((worker, index) => probeIn(worker, `worker ${index + 1}`));
    const appProbe = probeIn(t.app, 'app');

    const ids = await queueProbes(t, 20);
    await waitUntil(async () => ((await statuses(t)).every((status) => status === 'done') ? true : undefined), 30_000);
    const runs = probes.flatMap((probe) => probe.runs);
    expect([...runs].sort()).toEqual([...ids].sort()); // every job, none twice
    expect(appProbe.runs).toEqual([]); // ANALYSIS_WORKERS_ONLY: the app runs none
    expect(probes.map((probe) => probe.runs.length).every((count) => count > 0)).toBe(true);
  }, 60_000);
});
