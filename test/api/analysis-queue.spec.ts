import type { INestApplicationContext } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AnalysisHandlers, type AnalysisHandler } from '../../server/analysis/analysis-handlers.js';
import { ANALYSIS_LEASE_MS } from '../../server/analysis/analysis-executor.js';
import { AnalysisJob, analysisStateOf } from '../../server/applicants/analysis/analysis-job.entity.js';
import { AnalysisJobs, MAX_ATTEMPTS } from '../../server/applicants/analysis/analysis-jobs.js';
import { ApplicantCheck } from '../../server/applicants/applicant-check.entity.js';
import { Applicant } from '../../server/applicants/applicant.entity.js';
import { createOrganization, seedApplicants } from '../fixtures/organizations.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { driveClock } from '../support/clock.js';
import { createUser } from '../support/users.js';
import { waitUntil } from '../support/wait.js';
import { spawnServer, waitUntilHealthy, type ServerProcess } from '../support/server-process.js';
import type { TestDatabase } from '../support/database.js';
import { submitVerification } from '../fixtures/verification.js';
import { fakeApplicant } from '../../server/fake-data/fake-applicant.js';
import { renderFakeDocument } from '../../server/fake-data/fake-documents.js';
import request from 'supertest';

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
  const seeded = await seedApplicants(
    t,
    organization.id,
    Array.from({ length: count }, () => ({})),
  );
  const rows = await t.app
    .get(DataSource)
    .getRepository(Applicant)
    .find({ where: seeded.map((row) => ({ organizationId: organization.id, userId: row.userId })) });
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
  (
    await t.app
      .get(DataSource)
      .getRepository(AnalysisJob)
      .find({ select: { status: true } })
  ).map((job) => job.status);

describe('analysis jobs in the app (embedded: the database is the queue)', () => {
  let t: TestApp;
  afterEach(async () => t?.close());

  it('runs every queued job once, on the worker slots of the app', async () => {
    t = await startTestApp({ ANALYSIS_THREADS: '2' });
    const probe = probeIn(t.app);
    const ids = await queueProbes(t, 6);
    await waitUntil(async () => ((await statuses(t)).every((status) => status === 'done') ? true : undefined));
    expect([...probe.runs].sort()).toEqual([...ids].sort());
    const jobs = await t.app.get(DataSource).getRepository(AnalysisJob).findBy({ applicantId: ids[0] });
    expect(analysisStateOf(jobs.map((job) => job.status))).toBe('done');
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
      await t.app
        .get(DataSource)
        .getRepository(AnalysisJob)
        .insert([
          { applicantId: waiting, kind: 'probe', status: 'queued', runAfter: now },
          {
            applicantId: interrupted,
            kind: 'probe',
            status: 'running',
            attempts: 1,
            runAfter: now,
            lockedBy: 'dead-host:1:0',
            lockedUntil: new Date(now.getTime() + ANALYSIS_LEASE_MS),
          },
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

  it(
    'keeps its lease while a job runs longer than the lease',
    async () => {
      t = await startTestApp({ ANALYSIS_THREADS: '1' });
      const probe = probeIn(t.app);
      let release!: () => void;
      probe.run = async (job) => {
        probe.runs.push(job.applicantId);
        await new Promise<void>((resolve) => (release = resolve));
      };
      const [id] = await queueProbes(t, 1);
      const jobs = t.app.get(DataSource).getRepository(AnalysisJob);
      const first = await waitUntil(async () => (await jobs.findOneByOrFail({ applicantId: id })).lockedUntil ?? undefined);
      const renewed = await waitUntil(async () => {
        const lockedUntil = (await jobs.findOneByOrFail({ applicantId: id })).lockedUntil;
        return lockedUntil && lockedUntil > first ? lockedUntil : undefined;
      }, ANALYSIS_LEASE_MS);
      expect(renewed.getTime()).toBeGreaterThan(first.getTime());
      release();
      await waitUntil(async () => ((await statuses(t))[0] === 'done' ? true : undefined));
      expect(probe.runs).toEqual([id]);
    },
    ANALYSIS_LEASE_MS * 2,
  );

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

describe('analysis jobs of a real server process', () => {
  let t: TestApp | undefined;
  const servers: ServerProcess[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    await t?.close();
    t = undefined;
  });

  /** The built server on the test's database (its SQLite file, or its PostgreSQL schema). */
  function serverOn(database: TestDatabase): Promise<ServerProcess> {
    const env = database.schema ? { DATABASE_URL: process.env.TEST_DATABASE_URL, DATABASE_SCHEMA: database.schema } : {};
    return spawnServer({ ...env, DATA_DIR: database.dataDir, ANALYSIS_THREADS: '1' }).then((server) => {
      servers.push(server);
      return server;
    });
  }

  it(
    'resumes a document analysis that a killed process was running, after a restart',
    async () => {
      // The account and organization, made on the test's database; then the built server takes over.
      t = await startTestApp();
      const owner = await createUser(t);
      const organization = await createOrganization(t, owner);
      const { database } = t;
      await t.stop();
      let server = await serverOn(database);
      await waitUntilHealthy(server.url);

      const truth = fakeApplicant(1, { seed: 'document-reading', now: new Date('2026-06-01T00:00:00Z') });
      const document = await renderFakeDocument(truth);
      await submitVerification(server.url, owner, organization.id, 'killed-1', [{ docType: 'PASSPORT', side: 'front', png: document.pages[0].png }], truth);
      const details = (url: string) => request(url).get(`/api/projects/${organization.id}/applicants/killed-1`).set(owner.auth).expect(200);
      await waitUntil(async () => ((await details(server.url)).body.analysis === 'running' ? true : undefined), 30_000, 'the analysis to start');
      server.child.kill('SIGKILL');
      await server.exited;

      server = await serverOn(database);
      await waitUntilHealthy(server.url);
      expect((await details(server.url)).body.analysis).toBe('running'); // until the dead holder's lease ends
      await waitUntil(async () => ((await details(server.url)).body.analysis === 'done' ? true : undefined), ANALYSIS_LEASE_MS + 30_000);
      const checks = (await request(server.url).get(`/api/projects/${organization.id}/applicants/killed-1/checks`).set(owner.auth).expect(200)).body as {
        name: string;
        verdict: string;
      }[];
      expect(checks.filter((check) => check.name === 'document-read')).toEqual([expect.objectContaining({ verdict: 'passed' })]);
      expect(checks.filter((check) => check.name === 'data-matches-document')).toEqual([expect.objectContaining({ verdict: 'passed' })]);
      server.child.kill('SIGTERM');
      await server.exited;

      t = await startTestApp({}, { database });
      const applicant = await t.app.get(DataSource).getRepository(Applicant).findOneByOrFail({ organizationId: organization.id, userId: 'killed-1' });
      // The same submission's job, claimed a second time.
      expect(await t.app.get(DataSource).getRepository(AnalysisJob).findOneByOrFail({ applicantId: applicant.id })).toMatchObject({
        status: 'done',
        runs: 1,
        attempts: 2,
      });
    },
    ANALYSIS_LEASE_MS + 120_000,
  );
});

const WORKER_SCRIPT = 'dist/server/cli/worker.js';

// BullMQ across processes needs a database they can all reach (PostgreSQL) and Redis.
const redisUrl = process.env.TEST_REDIS_URL;
const sharedDatabase = Boolean(process.env.TEST_DATABASE_URL);
if (!redisUrl || !sharedDatabase) {
  console.warn('SKIPPED: analysis over BullMQ — set TEST_DATABASE_URL and TEST_REDIS_URL to run workers sharing a Redis queue');
}

(redisUrl && sharedDatabase ? describe : describe.skip)('analysis jobs over BullMQ (skipped without TEST_DATABASE_URL and TEST_REDIS_URL)', () => {
  let t: TestApp;
  const workers: INestApplicationContext[] = [];
  const processes: ServerProcess[] = [];
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.close()));
    for (const spawned of processes.splice(0)) {
      spawned.child.kill('SIGKILL');
      await spawned.exited;
    }
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

  it(
    'two `npm run worker` processes share the document and face analyses; one killed mid-job, the other finishes it',
    async () => {
      t = await startTestApp({ REDIS_URL: redisUrl!, ANALYSIS_WORKERS_ONLY: 'true' });
      const owner = await createUser(t);
      const organization = await createOrganization(t, owner);
      const env = {
        DATABASE_URL: process.env.TEST_DATABASE_URL,
        DATABASE_SCHEMA: t.database.schema,
        DATA_DIR: t.database.dataDir,
        REDIS_URL: redisUrl,
        ANALYSIS_THREADS: '1',
      };
      const [doomed, survivor] = await Promise.all([spawnServer(env, WORKER_SCRIPT), spawnServer(env, WORKER_SCRIPT)]);
      processes.push(doomed, survivor);
      await Promise.all(
        [doomed, survivor].map((worker) => waitUntil(() => (worker.output().includes('waiting for jobs') ? true : undefined), 20_000, 'the worker to start')),
      );

      const now = new Date('2026-06-01T00:00:00Z');
      for (const index of [1, 3, 4, 5]) {
        const truth = fakeApplicant(index, { seed: 'document-reading', now });
        const document = await renderFakeDocument(truth);
        const pages = document.pages.map((page) => ({ docType: truth.documentType!, side: page.side, png: page.png }));
        await submitVerification(t.server, owner, organization.id, `shared-${index}`, pages, truth);
      }
      const jobs = t.app.get(DataSource).getRepository(AnalysisJob);
      const killed = await waitUntil(
        async () => (await jobs.find()).find((job) => job.status === 'running' && job.lockedBy?.includes(`:${doomed.child.pid}:`)),
        30_000,
        'the first worker to take a job',
      );
      doomed.child.kill('SIGKILL');
      await doomed.exited;

      await waitUntil(
        async () => ((await statuses(t)).every((status) => status === 'done') ? true : undefined),
        ANALYSIS_LEASE_MS + 60_000,
        'every analysis to finish',
      );
      const rows = await jobs.find();
      // Three jobs per submission: the document, the faces and the sanctions screening.
      expect(rows.map((row) => row.kind).sort()).toEqual([...Array(4).fill('document'), ...Array(4).fill('face'), ...Array(4).fill('screening')]);
      // Each job ran to the end once; only the killed one needed a second claim.
      for (const row of rows) expect(row).toMatchObject({ runs: 1, attempts: row.id === killed.id ? 2 : 1 });
      const check = { document: 'document-read', face: 'face-match', screening: 'sanctions-screening' }[killed.kind] ?? killed.kind;
      const checks = await t.app
        .get(DataSource)
        .getRepository(ApplicantCheck)
        .find({ where: { applicantId: killed.applicantId, name: check } });
      expect(checks).toHaveLength(1);
    },
    ANALYSIS_LEASE_MS + 120_000,
  );
});
