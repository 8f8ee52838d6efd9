import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { DataSource, In, IsNull, MoreThan, MoreThanOrEqual, Not } from 'typeorm';
import { AuditService } from '../audit/audit.service.js';
import { Clock } from '../common/clock.js';
import { appConfig, type AppConfig } from '../config/config.module.js';
import { SanctionsListsService } from '../sanctions/sanctions-lists.service.js';
import { AnalysisJob } from '../applicants/analysis/analysis-job.entity.js';
import { AnalysisJobs } from '../applicants/analysis/analysis-jobs.js';
import { Applicant } from '../applicants/applicant.entity.js';
import { AWAITING_DECISION_STATUSES } from '../applicants/applicant.enums.js';
import { RESCREENING } from '../applicants/analysis/analysis-kinds.js';
import type { RescreenDto } from './rescreen.dto.js';
import { SanctionsRescreen } from './sanctions-rescreen.entity.js';

const YEAR_MS = 365.25 * 24 * 3600 * 1000;
/**
 * Applicants queued per transaction (AnalysisJobs.enqueueMany: a few statements): each
 * batch holds the event loop for a few milliseconds on SQLite, and the loop gets a turn
 * between batches.
 */
const BATCH = 1000;

/**
 * Ongoing monitoring: after an import changes a list, every applicant verified within
 * SCREENING_MONITORING_YEARS and every submitted applicant not decided yet (awaiting a
 * decision or on hold: one submitted while no list was imported is screened this way) is
 * queued for a `rescreening` job (the analysis runners do the work, in the background,
 * across replicas). One rescreening per import: its row is
 * unique per import, so the replica that imported (notified at once) and any replica
 * starting later (which looks for active imports without one) never both start it.
 */
@Injectable()
export class ScreeningMonitor implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(ScreeningMonitor.name);
  private unsubscribe: (() => void) | null = null;
  private sweeping: Promise<number> | null = null;

  constructor(
    @Inject(appConfig.KEY) private readonly env: AppConfig,
    private readonly dataSource: DataSource,
    private readonly lists: SanctionsListsService,
    private readonly jobs: AnalysisJobs,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.unsubscribe = this.lists.onImported(
      () => void this.sweep().catch((error: unknown) => this.logger.error(`Starting a rescreening failed: ${String(error)}`)),
    );
  }

  onApplicationBootstrap(): void {
    void this.sweep().catch((error: unknown) => this.logger.error(`Looking for lists to rescreen after failed: ${String(error)}`));
  }

  onModuleDestroy(): void {
    this.unsubscribe?.();
  }

  /** Starts the rescreening of every active import that has none yet; resolves with how many started. */
  sweep(): Promise<number> {
    // One sweep at a time in this process; a sweep asked for meanwhile runs after it.
    const next = (this.sweeping ?? Promise.resolve(0)).catch(() => 0).then(() => this.sweepOnce());
    this.sweeping = next;
    return next;
  }

  private async sweepOnce(): Promise<number> {
    const active = await this.lists.activeImports();
    if (active.length === 0) return 0;
    const started = await this.dataSource
      .getRepository(SanctionsRescreen)
      .find({ where: { importId: In(active.map((row) => row.id)) }, select: { importId: true } });
    let count = 0;
    for (const row of active.filter((candidate) => !started.some((run) => run.importId === candidate.id))) {
      if (await this.start(row)) count += 1;
    }
    if (count > 0) this.jobs.announce();
    return count;
  }

  private async start(list: { id: string; source: string; version: string | null }): Promise<boolean> {
    const now = this.clock.now();
    const verifiedSince = new Date(now.getTime() - this.env.sanctionsLists.monitoringYears * YEAR_MS);
    const repository = this.dataSource.getRepository(SanctionsRescreen);
    let run: SanctionsRescreen;
    try {
      run = await repository.save(
        repository.create({ importId: list.id, source: list.source, version: list.version, verifiedSince, total: 0, hits: 0, startedAt: now }),
      );
    } catch {
      return false; // another replica started it (unique importId)
    }
    const applicants = this.dataSource.getRepository(Applicant);
    let total = 0;
    for (let lastId = ''; ;) {
      const after = lastId ? { id: MoreThan(lastId) } : {};
      const batch = await applicants.find({
        where: [
          { reviewAnswer: 'approved', kycStatus: 'completed', decidedAt: MoreThanOrEqual(verifiedSince), ...after },
          { kycStatus: In([...AWAITING_DECISION_STATUSES]), submittedAt: Not(IsNull()), ...after },
        ],
        select: { id: true },
        order: { id: 'ASC' },
        take: BATCH,
      });
      if (batch.length === 0) break;
      total += batch.length;
      await this.dataSource.transaction(async (manager) => {
        await this.jobs.enqueueMany(
          manager,
          batch.map((applicant) => applicant.id),
          RESCREENING,
        );
        await manager.update(SanctionsRescreen, { id: run.id }, { total });
      });
      // Runners may start on this batch while the next one is queued.
      this.jobs.announce();
      lastId = batch[batch.length - 1].id;
      if (batch.length < BATCH) break;
      await nextTurn();
    }
    await this.dataSource.transaction(async (manager) => {
      await this.audit.record(manager, {
        actor: { id: null, username: 'monitoring' },
        organizationId: null,
        action: 'sanctions_list.rescreen_started',
        detail: { importId: list.id, source: list.source, version: list.version, applicants: total, verifiedSince: verifiedSince.toISOString() },
      });
    });
    this.logger.log(`Rescreening ${total} verified or undecided applicant(s) after the import of ${list.source} (${list.version ?? 'no version'})`);
    return true;
  }

  /** Counts new hits on the latest rescreening (what the Sanctions Lists page shows). */
  async recordHits(count: number): Promise<void> {
    if (count <= 0) return;
    const latest = await this.dataSource.getRepository(SanctionsRescreen).findOne({ where: {}, order: { startedAt: 'DESC' }, select: { id: true } });
    if (!latest) return;
    await this.dataSource
      .createQueryBuilder()
      .update(SanctionsRescreen)
      .set({ hits: () => `"hits" + ${Math.floor(count)}` })
      .where('id = :id', { id: latest.id })
      .execute();
  }

  /** The latest rescreenings, newest first, with their progress. */
  async progress(limit = 10): Promise<RescreenDto[]> {
    const runs = await this.dataSource.getRepository(SanctionsRescreen).find({ order: { startedAt: 'DESC' }, take: limit });
    const jobs = this.dataSource.getRepository(AnalysisJob);
    return Promise.all(
      runs.map(async (run) => {
        const finishedSince = (status: 'done' | 'failed') => jobs.countBy({ kind: RESCREENING, status, finishedAt: MoreThanOrEqual(run.startedAt) });
        const [done, failed] = await Promise.all([finishedSince('done'), finishedSince('failed')]);
        // Jobs shared with a later rescreening count for both; never more than were queued.
        const screened = Math.min(run.total, done);
        const failedCount = Math.min(run.total - screened, failed);
        return {
          id: run.id,
          importId: run.importId,
          source: run.source,
          version: run.version,
          verifiedSince: new Date(run.verifiedSince).toISOString(),
          total: run.total,
          screened,
          failed: failedCount,
          hits: run.hits,
          finished: screened + failedCount >= run.total,
          startedAt: new Date(run.startedAt).toISOString(),
        };
      }),
    );
  }
}
